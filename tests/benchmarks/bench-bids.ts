// `npm run bench:bids [-- --duration 8 --rounds 3 --bidders 32 --auctions 200 --pool 10 --no-http]`:
// our bid path against pgbench running the same statements (tests/benchmarks/bidding-bench.ts),
// as a table and as JSON under .data/bench/. Exits non-zero only when a bid was lost or an
// auction's state is wrong (or nothing could be measured); a ratio below target is printed, not
// failed, because two shared cores make single numbers noisy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchReport, formatComparison, newRunId, runBidBenchmark } from './bidding-bench.js';

const OUT_DIR = '.data/bench';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    bidders: { type: 'string', default: '32' },
    auctions: { type: 'string', default: '200' },
    pool: { type: 'string', default: '10' },
    'no-http': { type: 'boolean', default: false },
  },
});

const previousPath = join(OUT_DIR, 'bids-latest.json');
const previous = existsSync(previousPath) ? (JSON.parse(readFileSync(previousPath, 'utf8')) as BenchReport) : null;

const report = await runBidBenchmark({
  durationS: Number(values.duration),
  rounds: Number(values.rounds),
  bidders: Number(values.bidders),
  spreadAuctions: Number(values.auctions),
  poolSize: Number(values.pool),
  http: !values['no-http'],
  log: (line) => console.log(`  ${line}`),
});

console.log('\nMedians over the rounds (each round: pgbench, then ours, same duration):\n');
console.log(formatComparison(report));
if (previous) {
  console.log(`\nPrevious run (${previous.startedAt}):`);
  for (const row of previous.comparison) {
    console.log(
      `  ${row.scenario}/${row.side}: ${row.ratio.toFixed(2)}× (${row.oursTps.toFixed(0)} vs ${row.pgbenchTps.toFixed(0)})`,
    );
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const json = `${JSON.stringify(report, null, 2)}\n`;
const runPath = join(OUT_DIR, `bids-${newRunId()}.json`);
writeFileSync(runPath, json);
writeFileSync(previousPath, json);
console.log(`\nResults: ${runPath} (and ${previousPath})`);

if (report.failures.length > 0) {
  console.error(`\nCORRECTNESS FAILURES (${report.failures.length}):`);
  for (const failure of report.failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log('Correctness: every accepted bid stored once, in order; every auction equals its replay.');
