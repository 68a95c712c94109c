import { describe, expect, it } from 'vitest';
import { MARKET_SERIES } from '../../../../shared/contract/admin-metrics-routes.js';
import { type DayCounters, marketSeries } from './market-series.js';

const counters = (values: Partial<DayCounters>): DayCounters => ({
  ...(Object.fromEntries(MARKET_SERIES.map((series) => [series, 0])) as DayCounters),
  ...values,
});
const kept = new Map([
  ['2026-11-22', counters({ gmv: 1050, orders: 1 })], // a Sunday
  ['2026-11-23', counters({ gmv: 199, orders: 2, bids: 7 })], // the next Monday
  ['2026-11-25', counters({ refunds: 500, casesOpened: 3, casesResolved: 1 })],
]);
const everything = () => true;

describe('market series', () => {
  it('answers every day of the range, zeros included, money in USD', () => {
    const rows = marketSeries(kept, { from: '2026-11-21', to: '2026-11-24', interval: 'day' }, everything);
    expect(rows.map((row) => row.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(rows[0]).toEqual({ date: '2026-11-21', ...counters({}) });
    expect(rows[1]).toMatchObject({ gmv: 10.5, orders: 1 });
    expect(rows[2]).toMatchObject({ gmv: 1.99, orders: 2, bids: 7 });
  });

  it('sums the range’s days of each ISO week under its Monday: the first and last weeks may be partial', () => {
    const rows = marketSeries(kept, { from: '2026-11-22', to: '2026-11-24', interval: 'week' }, everything);
    expect(rows).toEqual([
      { date: '2026-11-16', ...counters({ gmv: 10.5, orders: 1 }) },
      { date: '2026-11-23', ...counters({ gmv: 1.99, orders: 2, bids: 7 }) },
    ]);
    const whole = marketSeries(kept, { from: '2026-11-16', to: '2026-11-29', interval: 'week' }, everything);
    expect(whole[1]).toEqual({
      date: '2026-11-23',
      ...counters({ gmv: 1.99, orders: 2, bids: 7, refunds: 5, casesOpened: 3, casesResolved: 1 }),
    });
  });

  it('leaves out the series the role may not read', () => {
    const [row] = marketSeries(
      kept,
      { from: '2026-11-22', to: '2026-11-22', interval: 'day' },
      (s) => s !== 'gmv' && s !== 'refunds',
    );
    expect(row).toEqual({
      date: '2026-11-22',
      orders: 1,
      bids: 0,
      newUsers: 0,
      newListings: 0,
      casesOpened: 0,
      casesResolved: 0,
    });
  });
});
