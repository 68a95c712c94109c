// A short run of the bid benchmark in the normal suite: it checks correctness only (the pgbench
// script still matches what placeBidInDb sends, pgbench runs it, and no accepted bid is lost or
// misordered under 32 concurrent bidders), never speed. The full benchmark is `npm run bench:bids`.
// test-needs: postgres
import { describe, expect, it } from 'vitest';

import { runBidBenchmark } from './bidding-bench.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');
if (!available) console.warn('SKIPPED: PostgreSQL 15 binaries not found, the bid benchmark smoke cannot run');

describe.skipIf(!available)('bid benchmark smoke', () => {
  it('runs every scenario both ways for a second and loses no bid', async () => {
    const report = await runBidBenchmark({
      durationS: 1,
      rounds: 1,
      bidders: 32,
      spreadAuctions: 50,
      http: true,
      inject: true,
      countRollbacks: false,
    });
    expect(report.failures).toEqual([]);
    expect(report.statements).toHaveLength(5);
    for (const run of report.runs) expect(run.committed, `${run.scenario}/${run.side}`).toBeGreaterThan(0);
    expect(report.comparison.map((row) => `${row.scenario}/${row.side}`)).toEqual([
      'hot/service',
      'hot/http',
      'hot/inject',
      'spread/service',
      'spread/http',
      'spread/inject',
    ]);
  }, 60_000);
});
