// The admin benchmark's verdicts: a request's ratio to pgbench against the target and the previous
// full run's (a drop of more than 25% is a REGRESSION), and each request's growth between sizes.
import { describe, expect, it } from 'vitest';
import { type AdminRun, growthBetween, type RequestRates, ratioVerdict } from './admin-bench-verdicts.js';

const rates = (name: string, perSecond: number, pgbenchTps: number, p50 = 10): RequestRates => ({
  name,
  http: { p50, perSecond },
  pgbenchTps,
});
const run = (users: number, figures: RequestRates[]): AdminRun => ({
  at: '2026-12-05T05:00:00.000Z',
  users,
  clients: 16,
  seconds: 2,
  figures,
});

describe('ratioVerdict', () => {
  it.each([
    { http: 900, previous: null, verdict: 'PASS' },
    { http: 500, previous: null, verdict: 'BELOW TARGET' },
    { http: 900, previous: 1000, verdict: 'PASS' },
    { http: 500, previous: 600, verdict: 'BELOW TARGET' },
    { http: 500, previous: 700, verdict: 'REGRESSION' },
    { http: 850, previous: 1200, verdict: 'REGRESSION' },
  ])('$http/s against pgbench 1000/s, previously $previous/s: $verdict', ({ http, previous, verdict }) => {
    const before = previous === null ? null : run(100_000, [rates('users/{id}', previous, 1000)]);
    expect(ratioVerdict(rates('users/{id}', http, 1000), before)).toEqual({
      ratio: http / 1000,
      previousRatio: previous === null ? null : previous / 1000,
      verdict,
    });
  });

  it('judges a request the previous run did not measure by its target alone', () => {
    const before = run(100_000, [rates('statistics', 100, 1000)]);
    expect(ratioVerdict(rates('users/{id}', 900, 1000), before).previousRatio).toBeNull();
  });
});

describe('growthBetween', () => {
  const small = run(1_000_000, [rates('users/{id}', 1000, 2000, 10), rates('users search=an', 600, 900, 20)]);
  const large = run(3_000_000, [rates('users/{id}', 900, 2000, 11), rates('users search=an', 300, 600, 45)]);

  it('gives the larger database over the smaller, whichever run is this one', () => {
    expect(growthBetween(large, small)).toEqual(growthBetween(small, large));
    const [lookup, search] = growthBetween(small, large);
    expect(lookup).toMatchObject({ name: 'users/{id}', p50: 1.1, pgbench: 1, over: false });
    expect(lookup!.http).toBeCloseTo(1.11, 2);
    expect(search).toMatchObject({ name: 'users search=an', p50: 2.25, http: 2, pgbench: 1.5, over: true });
  });

  it('leaves out a request only one run measured', () => {
    const partial = run(3_000_000, [rates('users/{id}', 1000, 2000)]);
    expect(growthBetween(small, partial).map((g) => g.name)).toEqual(['users/{id}']);
  });
});
