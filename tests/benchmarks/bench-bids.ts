// `npm run bench:bids [-- --duration 8 --rounds 3 --bidders 32 --auctions 200 --pool 10 --blocks 10000 --rules --no-http --inject]`
// (`--only http --cpu-prof DIR`: profile one side alone; `--pg-stats`: each run's costliest
// statements from pg_stat_statements into the JSON):
// our bid path against pgbench running the same statements (tests/benchmarks/bidding-bench.ts),
// as a table and as JSON under .data/bench/, each ratio beside the previous full run's
// (.data/bench/bids-latest.json) with a REGRESSION verdict for a drop of more than 25%. Exits
// non-zero only when a bid was lost or an auction's state is wrong (or nothing could be
// measured); a ratio below target or a regression is printed, not failed, because two shared
// cores make single numbers noisy.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchReport, formatComparison, newRunId, runBidBenchmark, type Side } from './bidding-bench.js';

const OUT_DIR = '.data/bench';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    bidders: { type: 'string', default: '32' },
    auctions: { type: 'string', default: '200' },
    /** Blocks in force during the run (none of them the bidders'), e.g. 10000. */
    blocks: { type: 'string', default: '0' },
    /** Ten policy rules `on` for `bid` during the run (bench-rules.ts), none matching the bidders. */
    rules: { type: 'boolean', default: false },
    pool: { type: 'string', default: '10' },
    'no-http': { type: 'boolean', default: false },
    /** Also run the route through app.inject with the bidders in the server's event loop. */
    inject: { type: 'boolean', default: false },
    /** Comma-separated sides to run alone, e.g. `http` to profile the route (no comparison then). */
    only: { type: 'string' },
    /** Folder for a CPU profile of each timed run of ours (`.cpuprofile`, open in Chrome DevTools). */
    'cpu-prof': { type: 'string' },
    /** Keep each run's costliest database statements (pg_stat_statements) in the JSON. */
    'pg-stats': { type: 'boolean', default: false },
    /** Log the app's requests at this level (production: info) into .data/bench/server.log. */
    'log-level': { type: 'string' },
  },
});

// The previous full, correct run: each ratio is compared with its own there, and a drop of more
// than 25% is a REGRESSION in the verdict column (bidding-bench-verdicts.ts). It lives beside the
// runs, in .data/ (not in git): a ratio only compares with one measured on the same machine.
const previousPath = join(OUT_DIR, 'bids-latest.json');
const previous = existsSync(previousPath) ? (JSON.parse(readFileSync(previousPath, 'utf8')) as BenchReport) : null;

mkdirSync(OUT_DIR, { recursive: true });
const report = await runBidBenchmark({
  durationS: Number(values.duration),
  rounds: Number(values.rounds),
  bidders: Number(values.bidders),
  spreadAuctions: Number(values.auctions),
  blocks: Number(values.blocks),
  rules: values.rules,
  poolSize: Number(values.pool),
  http: !values['no-http'],
  inject: values.inject,
  previous: previous?.comparison ?? null,
  ...(values.only ? { only: values.only.split(',') as Side[] } : {}),
  ...(values['cpu-prof'] ? { cpuProfileDir: values['cpu-prof'] } : {}),
  pgStats: values['pg-stats'],
  ...(values['log-level'] ? { serverLog: { level: values['log-level'], file: join(OUT_DIR, 'server.log') } } : {}),
  log: (line) => console.log(`  ${line}`),
});

console.log('\nMedians over the rounds (each round: pgbench, then ours, same duration):\n');
console.log(formatComparison(report));
if (previous) {
  const { durationS, rounds, bidders, spreadAuctions } = previous.options;
  console.log(
    `\n"previous": the run of ${previous.startedAt} (${durationS} s × ${rounds} rounds, ${bidders} bidders, ` +
      `${spreadAuctions} auctions); a drop of more than 25% is a REGRESSION.`,
  );
} else {
  console.log(`\nNo previous run in ${previousPath}: this one becomes it.`);
}

const json = `${JSON.stringify(report, null, 2)}\n`;
const runPath = join(OUT_DIR, `bids-${newRunId()}.json`);
writeFileSync(runPath, json);
// A partial run (`--only`) has no comparison, and an incorrect one measured a broken bid path:
// neither becomes the run the next one compares with.
const comparable = !values.only && report.failures.length === 0;
if (comparable) writeFileSync(previousPath, json);
console.log(`\nResults: ${runPath}${comparable ? ` (and ${previousPath})` : ''}`);

if (report.failures.length > 0) {
  console.error(`\nCORRECTNESS FAILURES (${report.failures.length}):`);
  for (const failure of report.failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log('Correctness: every accepted bid stored once, in order; every auction equals its replay.');
if (report.comparison.some((row) => row.verdict === 'REGRESSION')) {
  console.log('REGRESSION: a ratio dropped by more than 25% since the previous run (see the verdict column).');
}
