// The bid-path benchmark (issue 4, "Under load"): on a throwaway PostgreSQL cluster, 32 bidders
// on one hot auction and on many auctions, our bid path (the service the POST /bid route calls,
// and that route through the app) against pgbench running the same statements. Targets are
// ratios to the pgbench baseline measured in the same run, never absolute times. Correctness is
// checked after every run of ours: every accepted bid is in the table, in one gap-free order,
// and a replay of the stored bids through the proxy model gives the auction's price and leader.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { usdToCents } from '../../shared/rules/money.js';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { queryRows } from '../../server/platform/db/database.js';
import { type BidReceipt, placeBidInDb } from '../../server/modules/auctions/bidding.js';
import type { ServiceDeps } from '../../server/platform/services/service-deps.js';
import { createRelayPublisher } from '../../server/platform/events/pending-events.js';
import { startMarketDb } from '../market/market-db.js';
import { startPostgresCluster } from '../support/postgres-cluster.js';
import { changeText, previousRatioOf, RATIO_TARGET, type Verdict, verdictOf } from './bidding-bench-verdicts.js';
import type { AuctionSet } from './bidding-bench-sides.js';
import { BID_RULES, turnOnRules } from './bench-rules.js';
import {
  benchIdentity,
  countBids,
  injectBidder,
  profiled,
  resetStatementStats,
  rollbacks,
  runHttpBidders,
  runOurs,
  runPgbench,
  seedAuctions,
  seedUsers,
  serviceBidder,
  STATEMENT_STATS_SETTINGS,
  type StatementStat,
  statementStats,
  verifyOurs,
} from './bidding-bench-sides.js';
import {
  AUCTION_BASE,
  BIDDER_BASE,
  OPENER_ID,
  bidderId,
  captureStatements,
  checkCapture,
  pgbenchScript,
  statementsOf,
  valueText,
} from './bidding-bench-statements.js';

export type Scenario = 'hot' | 'spread';
/**
 * `http`: the app listening on a port, bidders on a worker thread with a keep-alive connection
 * each (http-bidders.worker.mjs). `inject`: the route through `app.inject`, bidders in the
 * server's own event loop (what `http` used to be; opt-in, to compare the two harnesses).
 */
export type Side = 'pgbench' | 'service' | 'http' | 'inject';
type OurSide = Exclude<Side, 'pgbench'>;

export interface BenchOptions {
  /** Seconds each run lasts (pgbench -T and ours alike). */
  durationS: number;
  /** Each scenario is measured this many times, pgbench and ours alternating; medians are compared. */
  rounds: number;
  /** Concurrent bidders (pgbench clients). */
  bidders: number;
  /** Auctions the spread scenario bids over. */
  spreadAuctions: number;
  /** Our pool size; the server opens its pool with the default of `openDatabase`. */
  poolSize?: number;
  /**
   * Blocks in force while ours runs (none of them the bidders'): the route's block check looks each
   * bidder up in the node's book (server/modules/blocks/block-book.ts), which must stay cheap.
   */
  blocks?: number;
  /**
   * Ten policy rules `on` for `bid` while ours runs (bench-rules.ts, none matching the bidders):
   * the route evaluates each against the bid's context, which must stay cheap (issue 43).
   */
  rules?: boolean;
  /** Also run ours through the HTTP route (a listening server, bidders on their own thread). */
  http: boolean;
  /** Also run the route through app.inject with in-loop bidders (the former HTTP harness). */
  inject?: boolean;
  /** Run only these sides (profiling: `['http']`); the comparison needs pgbench among them. */
  only?: Side[];
  /** Count the bids refused under the lock (rolled back); costs a second per run. Default true. */
  countRollbacks?: boolean;
  /** Write a CPU profile of each timed run of ours (not set-up, not pgbench) into this folder. */
  cpuProfileDir?: string;
  /** The previous full run's comparison: each row's verdict flags a drop from its ratio (bidding-bench-verdicts.ts). */
  previous?: readonly ComparisonRow[] | null;
  /** Load pg_stat_statements (a cluster of the run's own) and keep each run's costliest statements. */
  pgStats?: boolean;
  /** The app's request log as `npm run server` writes it (level `info` in production), into this file; none by default. */
  serverLog?: { level: string; file: string };
  log?: (line: string) => void;
}

export interface RunResult {
  scenario: Scenario;
  side: Side;
  round: number;
  /** Committed bids (for pgbench: the bids its runs left in the table). */
  committed: number;
  /** Bids refused (ours: a 409; pgbench: a run that rolled back under the lock). */
  refused: number;
  seconds: number;
  /** Committed bids per second. */
  tps: number;
  /** The database's costliest statements during the run (`pgStats`). */
  statements?: StatementStat[];
}

export interface ComparisonRow {
  scenario: Scenario;
  side: Exclude<Side, 'pgbench'>;
  pgbenchTps: number;
  oursTps: number;
  ratio: number;
  /** The ratio the issue asks for, or null where the row is for information. */
  target: number | null;
  /** The same row's ratio in the previous full run, or null. */
  previousRatio: number | null;
  verdict: Verdict;
}

export interface BenchReport {
  startedAt: string;
  options: Omit<BenchOptions, 'log'> & { poolSize: number; countRollbacks: boolean };
  /** The statements one bid sends, as captured, with the pgbench script built from them. */
  statements: string[];
  pgbenchScript: string;
  runs: RunResult[];
  comparison: ComparisonRow[];
  /** Lost bids, wrong order, price or leader different from the replay. Empty when correct. */
  failures: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs every scenario and returns the measurements; throws only when it cannot measure. */
/**
 * `count` blocks of every kind, none matching a seeded bidder: documentation IP ranges, cards,
 * domains, phones, devices and payout accounts nobody has. A bench tool, so it writes the table
 * the way the seeder does.
 */
async function seedBlocks(db: ServiceDeps['db'], count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO blocks (kind, value, severity, reason, created_by_uid)
    SELECT kind, value, 'trade', 'bench', 'bench'
    FROM generate_series(0, ${count - 1}) AS i
    CROSS JOIN LATERAL (VALUES (
      CASE i % 6 WHEN 0 THEN 'ipRange' WHEN 1 THEN 'cardFingerprint' WHEN 2 THEN 'emailDomain'
                 WHEN 3 THEN 'phone' WHEN 4 THEN 'deviceToken' ELSE 'payoutAccount' END,
      CASE i % 6 WHEN 0 THEN '198.18.' || ((i / 6) % 256) || '.' || ((i / 1536) % 256) || '/32'
                 WHEN 1 THEN 'visa:' || lpad((i % 10000)::text, 4, '0') || ':01/' || (2040 + i / 10000)
                 WHEN 2 THEN 'blocked' || i || '.example'
                 WHEN 3 THEN '+1212' || lpad((2000000 + i)::text, 7, '0')
                 WHEN 4 THEN 'bench-device-' || i
                 ELSE 'acct_bench' || i END)) AS b (kind, value)`);
}

export async function runBidBenchmark(options: BenchOptions): Promise<BenchReport> {
  const log = options.log ?? (() => undefined);
  const poolSize = options.poolSize ?? 10;
  const countRollbacks = options.countRollbacks ?? true;
  const startedAt = new Date().toISOString();
  const failures: string[] = [];
  const runs: RunResult[] = [];
  const sides = (['pgbench', 'service', 'http', 'inject'] as Side[]).filter(
    (side) =>
      (side !== 'http' || options.http) &&
      (side !== 'inject' || options.inject === true) &&
      (!options.only || options.only.includes(side)),
  );
  const oursOf = (list: Side[]) => list.filter((side): side is OurSide => side !== 'pgbench');
  const scenarios: Scenario[] = ['hot', 'spread'];

  log('starting a throwaway PostgreSQL cluster…');
  const statsCluster = options.pgStats ? await startPostgresCluster({ settings: STATEMENT_STATS_SETTINGS }) : null;
  const market = await startMarketDb(statsCluster?.adminUrl);
  const scratch = mkdtempSync(join(tmpdir(), 'bench-bids-'));
  let app: FastifyInstance | null = null;
  try {
    const database = await market.open(poolSize);
    // Events go to a relay with no realtime node attached, as on a server nobody listens to.
    const deps: ServiceDeps = { db: database.db, events: createRelayPublisher() };
    const endTime = new Date(Date.now() + 6 * 3600_000);

    log(`seeding ${options.bidders} bidders and the auctions…`);
    await seedUsers(database, options.bidders);
    if (options.blocks) {
      log(`seeding ${options.blocks} blocks…`);
      await seedBlocks(database.db, options.blocks);
    }
    if (options.rules) {
      log(`turning ${BID_RULES.length} bid rules on…`);
      await turnOnRules(database.db, BID_RULES);
    }
    let next = AUCTION_BASE;
    const sets: AuctionSet[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const scenario of scenarios) {
        for (const side of sides) {
          const count = scenario === 'hot' ? 1 : options.spreadAuctions;
          sets.push({ scenario, side, round, ids: await seedAuctions(database, deps, next, count, endTime) });
          next += count;
        }
      }
    }
    const [captureAuction] = await seedAuctions(database, deps, next, 1, endTime);
    const [warmupAuction] = await seedAuctions(database, deps, next + 1, 1, endTime);
    await database.db.execute(sql`ANALYZE`);

    // The statements of one real bid (it outbids the opener, so the notice is sent too).
    const captureBidder = bidderId(0);
    let receipt: BidReceipt | null = null;
    const statements = await captureStatements(async () => {
      receipt = await placeBidInDb(deps, { listingId: captureAuction!, bidderId: captureBidder, maxCents: 2_000 });
      // The outbid notice is written after the bid returns, without waiting: give it a moment.
      for (let wait = 0; wait < 100; wait += 1) {
        const [notice] = await queryRows<{ count: string }>(
          database.db,
          sql`SELECT count(*) AS count FROM notifications WHERE user_id = ${OPENER_ID}`,
        );
        if (Number(notice!.count) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const placed = receipt as BidReceipt | null;
    const bidQueries = statements.filter((statement) => !/FROM notifications WHERE user_id/.test(statement.text));
    const bidStatements = statementsOf(bidQueries);
    log(
      `one bid sends ${bidStatements.length} statements in ${bidQueries.length} round trips; pgbench sends each alone`,
    );
    const captureProblems = checkCapture(bidStatements, {
      bidder: captureBidder,
      auction: captureAuction!,
      bid_id: placed?.bidId ?? '',
      newmax: '2000',
      shown: String(usdToCents(placed?.currentBid ?? 0)),
      price: String(usdToCents(placed?.currentBid ?? 0)),
      leader: captureBidder,
      leader_max: '2000',
      seq: String(placed?.bidCount ?? 0),
      prev_leader: OPENER_ID,
      end_time: endTime.toISOString(),
    });
    if (captureProblems.length > 0) {
      throw new Error(`the pgbench script no longer matches what placeBidInDb sends:\n${captureProblems.join('\n')}`);
    }
    const script = pgbenchScript(bidStatements);
    const scriptPath = join(scratch, 'bid.sql');
    writeFileSync(scriptPath, script);
    const notice = bidStatements[4]!.values;

    app = await buildApp({
      database,
      ports: localPorts(database, { identity: benchIdentity }),
      rateLimitMax: 100_000_000,
      ...(options.serverLog ? { logger: { level: options.serverLog.level, file: options.serverLog.file } } : {}),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const apiPort = (app.server.address() as AddressInfo).port;
    const inject = injectBidder(app);
    const service = serviceBidder(deps);
    const runSide = (side: OurSide, ids: string[], durationMs: number) =>
      side === 'http'
        ? runHttpBidders(apiPort, market.url, ids, options.bidders, durationMs)
        : runOurs(side === 'service' ? service : inject, market.url, ids, options.bidders, durationMs);
    // Open every pooled connection and warm the code paths before anything is timed.
    await Promise.all(Array.from({ length: poolSize }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    for (const side of oursOf(sides)) await runSide(side, [warmupAuction!], 500);

    for (const set of sets) {
      const label = `${set.scenario}/${set.side}/round ${set.round}`;
      const before = await rollbacks(database, countRollbacks);
      if (options.pgStats) await resetStatementStats(database);
      const statementsOfRun = async () => (options.pgStats ? { statements: await statementStats(database) } : {});
      if (set.side === 'pgbench') {
        const url = new URL(market.url);
        const args = [
          ...['-h', url.hostname, '-p', url.port, '-U', 'postgres', '-d', url.pathname.slice(1)],
          ...['-n', '-M', 'extended', '-c', String(options.bidders), '-j', '2', '-T', String(options.durationS)],
          ...['-f', scriptPath, '-D', `auction_first=${set.ids[0]}`, '-D', `auction_count=${set.ids.length}`],
          ...['-D', `bidder_base=${BIDDER_BASE}`, '-D', `placed=${new Date().toISOString()}`],
          ...['-D', `end_time=${endTime.toISOString()}`, '-D', `note_type=${valueText(notice[1])}`],
          ...['-D', `note_title=${valueText(notice[2])}`, '-D', `note_data=${valueText(notice[3])}`],
        ];
        const result = await runPgbench(args);
        const processed = /number of transactions actually processed: (\d+)/.exec(result.stdout);
        const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout);
        if (result.code !== 0 || !processed || !tps) {
          throw new Error(`pgbench failed (${label}, exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
        }
        // pgbench counts every script run; a run refused under the lock rolled back. What
        // committed is what the table holds, over the same time pgbench's tps is measured in.
        const attempts = Number(processed[1]);
        const seconds = attempts / Number(tps[1]);
        const stats = await statementsOfRun();
        const committed = await countBids(database, set.ids);
        runs.push({ ...set, committed, refused: attempts - committed, seconds, tps: committed / seconds, ...stats });
        const underLock = (await rollbacks(database, countRollbacks)) - before;
        log(
          `${label}: ${(committed / seconds).toFixed(0)} bids/s (${committed} bids, ${attempts - committed} refused${countRollbacks ? `, ${underLock} under the lock` : ''})`,
        );
      } else {
        const side = set.side;
        const outcome = await profiled(options.cpuProfileDir, label, () =>
          runSide(side, set.ids, options.durationS * 1000),
        );
        const tps = outcome.receipts.length / outcome.seconds;
        runs.push({
          ...set,
          committed: outcome.receipts.length,
          refused: outcome.refused,
          seconds: outcome.seconds,
          tps,
          ...(await statementsOfRun()),
        });
        for (const error of outcome.errors.slice(0, 5)) failures.push(`${label}: a bid failed: ${error}`);
        failures.push(...(await verifyOurs(database, set.ids, outcome.receipts, endTime, label)));
        const underLock = (await rollbacks(database, countRollbacks)) - before;
        log(
          `${label}: ${tps.toFixed(0)} bids/s (${outcome.receipts.length} bids, ${outcome.refused} refused${countRollbacks ? `, ${underLock} under the lock` : ''})`,
        );
      }
    }

    if (options.rules) {
      // The rules are there to be evaluated, not to match: a match opens a case per bid and the
      // run would measure cases (bench-rules.ts).
      const [matched] = await queryRows<{ count: string }>(
        database.db,
        sql`SELECT count(*) AS count FROM policy_matches`,
      );
      const count = Number(matched!.count);
      if (count > 0) failures.push(`the bid rules matched ${count} bids: the benchmark's premise is that none match`);
      log(`bid rules: ${count} matches over every round`);
    }

    const comparison: ComparisonRow[] = [];
    for (const scenario of sides.includes('pgbench') ? scenarios : []) {
      const tpsOf = (side: Side) =>
        median(runs.filter((run) => run.scenario === scenario && run.side === side).map((run) => run.tps));
      const pgbenchTps = tpsOf('pgbench');
      for (const side of oursOf(sides)) {
        const oursTps = tpsOf(side);
        const ratio = oursTps / pgbenchTps;
        // The service and the route both aim at pgbench's pace; app.inject is a harness to compare.
        const target = side === 'inject' ? null : RATIO_TARGET;
        const row = { scenario, side, ratio, target };
        const previousRatio = previousRatioOf(row, options.previous ?? null);
        const verdict = verdictOf(row, previousRatio);
        comparison.push({ scenario, side, pgbenchTps, oursTps, ratio, target, previousRatio, verdict });
      }
    }
    return {
      startedAt,
      options: {
        durationS: options.durationS,
        rounds: options.rounds,
        bidders: options.bidders,
        spreadAuctions: options.spreadAuctions,
        poolSize,
        http: options.http,
        inject: options.inject === true,
        blocks: options.blocks ?? 0,
        rules: options.rules === true,
        countRollbacks,
      },
      statements: bidStatements.map((statement) => statement.text.trim()),
      pgbenchScript: script,
      runs,
      comparison,
      failures,
    };
  } finally {
    await app?.close();
    await market.stop();
    await statsCluster?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The comparison as a plain-text table. */
export function formatComparison(report: BenchReport): string {
  const header = [
    'scenario',
    'ours via',
    'pgbench tps',
    'ours bids/s',
    'ours/pgbench',
    'previous',
    'change',
    'target',
    'verdict',
  ];
  const names: Record<Scenario, string> = {
    hot: `hot: ${report.options.bidders} bidders, 1 auction`,
    spread: `spread: ${report.options.bidders} bidders, ${report.options.spreadAuctions} auctions`,
  };
  const rows = report.comparison.map((row) => [
    names[row.scenario],
    { service: 'service (placeBidInDb)', http: 'HTTP POST /v1/bid', inject: 'app.inject POST /v1/bid' }[row.side],
    row.pgbenchTps.toFixed(0),
    row.oursTps.toFixed(0),
    `${row.ratio.toFixed(2)}×`,
    row.previousRatio === null ? '—' : `${row.previousRatio.toFixed(2)}×`,
    changeText(row.ratio, row.previousRatio),
    row.target === null ? '—' : `≥ ${row.target.toFixed(1)}×`,
    row.verdict,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export const newRunId = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 4)}`;
