// `npm run bench:admin [-- --seconds 5 --clients 16 --all --users 1000000]`: the back office's
// lists and statistics on a 1M-user PostgreSQL (built once by `npm run seed` into .data/bench-pg
// and reused; another `--users` gets its own .data/bench-pg-N, see admin-database.ts). Per
// request: single-request p50, p50/p95 and requests per second with 16 HTTP clients, pgbench
// running the same statements at the same concurrency, the ratio of the two, each statement's
// shared buffers, and p50 relative to GET /admin/users/{id} (the median of its p50 in samples
// taken through the run). Beside the lists: a ring, a seller's standing (the seller with the most
// orders of the last year, issue 45) and the block preview (a POST with its JSON body), each
// against the same ≤ 3× users/{id}; then one 90-day policy backtest per replayed event kind (a rule
// of bench-rules.ts, made once in the reused database), timed through its route (target ≤ 60 s); a
// backtest that fails fails the run. pgbench runs a request's statements prepared when the API
// prepares them all (column `prepared`, k of n: admin-bench.ts, pgbenchMode). Prints ratios
// against the targets (≥ 0.8× pgbench, ≤ 3× users/{id}) and each ratio to pgbench
// beside the previous full run's at the same size (.data/bench/admin-full-N.json), with a
// REGRESSION verdict for a drop of more than 25% (admin-bench-verdicts.ts); exits non-zero only
// on a wrong answer. Figures also go to .data/bench/admin-latest.json and admin-latest-N.json,
// which `--compare-users M` reads to print each request's growth between the two sizes
// (`--all` at 1M, then `--all --users 3000000 --compare-users 1000000`). `--cpu-prof DIR`: where
// the API's thread spends its time. The API runs as deployed (as-deployed.ts, imported first).
import './as-deployed.js';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../../server/platform/auth/demo-accounts.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { batchedLogLines } from '../../server/platform/http/batched-log-lines.js';
import { openDatabase, queryRows } from '../../server/platform/db/database.js';
import { DEMO_BLOCKS } from '../../server/seeding/seed-blocks.js';
import {
  blockPreviewRequest,
  listRequest,
  listRequests,
  marketMetricsRequest,
  ringRequest,
  sellerStandingRequest,
  STATISTICS_REQUEST,
  userRequest,
  type ListRequest,
} from '../support/admin-list-requests.js';
import { EMULATOR_HOST, isAuthEmulatorUp, PROJECT_ID, signIn } from '../support/auth-emulator.js';
import { adminDatabase } from './admin-database.js';
import { BACKTEST_RULES, benchRule } from './bench-rules.js';
import { measureRequest, preparedOf, type RequestFigures } from './admin-bench.js';
import { type AdminRun, PGBENCH_RATIO_TARGET, ratioVerdict } from './admin-bench-verdicts.js';
import { changeText } from './bidding-bench-verdicts.js';
import { nodeFloor, type FloorFigures } from './node-floor.js';
import { compareWith, fullRunPath, latestRunPath, OUT_DIR, printTable, readRun } from './admin-bench-runs.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '16' },
    /**
     * Every list request: each sort key both ways, searches of 1, 2 and 3+ characters (common
     * and rare, as a type-ahead sends them), pages 50 and 1,000; not just the issue's.
     */
    all: { type: 'boolean', default: false },
    /**
     * Only the requests whose name matches this regular expression (`--only "ratings|chats"`),
     * after `users/{id}`, which is always measured first: every ratio is against it.
     */
    only: { type: 'string' },
    /** Default: 55414 for the 1M-user database, 55415 for any other (admin-database.ts). */
    'db-port': { type: 'string' },
    /**
     * Folder for a CPU profile of the API's thread under each request's load (`.cpuprofile`, open
     * in Chrome DevTools); the split of its busy time by part is printed (cpu-profile-split.ts).
     */
    'cpu-prof': { type: 'string' },
    /**
     * The API's log level, into .data/bench/admin-server.log: `info` by default, as server.ts
     * logs in production (a line per request and per answer); `silent` for none.
     */
    'log-level': { type: 'string', default: 'info' },
    /**
     * Print each request's growth from the other size's latest run at `--clients` (its
     * .data/bench/admin-latest-N.json): run `--all` at one size, then at the other with this.
     */
    'compare-users': { type: 'string' },
  },
});
/**
 * The type-ahead's terms: one letter, two letters, a common three-letter one, a name matching
 * most rows, a person's name and a title of middling frequency (about one account in 150 is a
 * "mia.novak"; the hardest case for a count's cap: too many matches to look up one by one, too few
 * to reach the cap within a few rows), and rare ones of two and three characters.
 */
const BENCH_TERMS = ['e', 'an', 'sto', 'ruby', 'mia.novak', 'mint vinyl', 'qz', 'zq9'];
/** The yardstick (`users/{id}`) is measured again after every this many requests. */
const YARDSTICK_EVERY = 20;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const users = Number(values.users);
const previousFull = readRun(fullRunPath(users));

if (!(await isAuthEmulatorUp())) {
  console.error(`The Firebase Auth emulator is not answering on ${EMULATOR_HOST}: start it (npm run stack does).`);
  process.exit(2);
}
const cluster = await adminDatabase(
  users,
  Number(values.seed),
  values['db-port'] === undefined ? undefined : Number(values['db-port']),
);
if (cluster.seedSeconds !== null)
  console.log(`npm run seed -- --users ${values.users}: ${cluster.seedSeconds.toFixed(0)} s`);
const database = await openDatabase({ databaseUrl: cluster.url, poolSize: clients });
let failed = false;
try {
  await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
  mkdirSync(OUT_DIR, { recursive: true });
  const { idToken } = await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const app = await buildApp({
    database,
    ports: localPorts(database, { identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }) }),
    rateLimitMax: 1_000_000_000,
    // As server.ts logs: in batches (batched-log-lines.ts), here into a file rather than stdout.
    logger:
      values['log-level'] === 'silent'
        ? false
        : { level: values['log-level'], stream: batchedLogLines(createWriteStream(`${OUT_DIR}/admin-server.log`)) },
  });
  const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const rows = await queryRows<Record<string, string>>(
    database.db,
    sql`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM listings) AS listings,
               (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM chat_messages) AS chat_messages,
               (SELECT count(*) FROM auction_messages) AS auction_messages, (SELECT count(*) FROM bids) AS bids,
               (SELECT id FROM users ORDER BY id OFFSET 4242 LIMIT 1) AS some_user`,
  );
  const sizes = rows[0]!;
  console.log('Database:', JSON.stringify({ ...sizes, some_user: undefined }));

  // A ring member: the bulk seed has no planted ring (the demo's is seed-review-queue.ts), but
  // its random addresses repeat now and then, so the first account sharing one is in a ring.
  const [ringMember] = await queryRows<{ user_id: string }>(
    database.db,
    sql`SELECT a.user_id FROM addresses a
        WHERE EXISTS (SELECT 1 FROM addresses b
                      WHERE b.zip_code = a.zip_code AND lower(btrim(b.address_line_one)) = lower(btrim(a.address_line_one))
                        AND b.user_id <> a.user_id)
        ORDER BY a.user_id LIMIT 1`,
  );
  if (!ringMember) console.log('No two accounts share an address: the ring read is not measured.');

  // The seller with the most orders of the last year (their standing reads the most buckets and
  // the most days order by order): issue 45's seller standing at a million users, ≤ 3× users/{id}.
  const [busiestSeller] = await queryRows<{ seller_id: string }>(
    database.db,
    sql`SELECT seller_id FROM seller_standing_days WHERE day >= current_date - 366
         GROUP BY seller_id ORDER BY sum(orders) DESC, seller_id LIMIT 1`,
  );
  if (!busiestSeller) console.log('No seller has an order in the last year: the seller standing is not measured.');

  // A block's preview (issue 44: ≤ 3× users/{id}): the demo's throwaway domain (a suffix of
  // every account's email: the kinds that are not an index lookup), a /24 around a sign-in IP
  // (a containment over every sign-in IP) and one account's canonical email (an index lookup).
  const [someAccount] = await queryRows<{ email: string; ip: string | null }>(
    database.db,
    sql`SELECT email, (SELECT host(ip::inet) FROM sign_in_ips WHERE family(ip::inet) = 4 LIMIT 1) AS ip
        FROM users WHERE id = ${sizes.some_user!}`,
  );
  const demoDomain = DEMO_BLOCKS.find((block) => block.kind === 'emailDomain')!.value;
  const ipRange = someAccount?.ip ? `${someAccount.ip.split('.').slice(0, 3).join('.')}.0/24` : '10.0.0.0/8';
  const previews = [
    blockPreviewRequest('emailDomain', demoDomain),
    blockPreviewRequest('ipRange', ipRange),
    ...(someAccount ? [blockPreviewRequest('canonicalEmail', someAccount.email)] : []),
  ];

  // The issue's table first, then every list's default page; `--all` adds every variant.
  const only = values.only === undefined ? null : new RegExp(values.only);
  const listed: ListRequest[] = [
    STATISTICS_REQUEST,
    // The dashboard's charts: a year of days from the kept rollups (issue: ≤ 3× users/{id}).
    marketMetricsRequest(),
    // A ring of linked accounts, hop by hop (issue 22: ≤ 3× users/{id}).
    ...(ringMember ? [ringRequest(ringMember.user_id)] : []),
    ...(busiestSeller ? [sellerStandingRequest(busiestSeller.seller_id)] : []),
    ...previews,
    listRequest('users', {}),
    listRequest('users', { page: 5000 }),
    listRequest('activeListings', {}),
    listRequest('soldListings', {}),
    listRequest('soldListings', { search: 'ruby' }),
    listRequest('auctionMessages', {}),
    listRequest('auctionMessages', { search: 'deal' }),
    listRequest('chatMessages', {}),
    listRequest('chats', {}),
    listRequest('ratings', {}),
    ...(values.all ? listRequests(BENCH_TERMS, [50, 1000]) : []),
  ];
  const requests: ListRequest[] = [
    userRequest(sizes.some_user!),
    // `--all` lists the default pages again: each request is measured once, as figures are keyed by name.
    ...listed.filter(
      (request, i) =>
        (only === null || only.test(request.name)) && listed.findIndex((other) => other.name === request.name) === i,
    ),
  ];
  const measure = (request: ListRequest) =>
    measureRequest({
      request,
      db: database.db,
      databaseUrl: cluster.url,
      apiUrl,
      token: idToken,
      clients,
      seconds,
      workDir: OUT_DIR,
      cpuProfileDir: values['cpu-prof'],
    });
  const figures: RequestFigures[] = [];
  // The yardstick's p50 under load swings from one sample of a few seconds to the next (15 to 30
  // ms on two cores), and every ratio is against it: it is measured again every
  // YARDSTICK_EVERY requests and at the end, and the ratios use the median of its samples.
  const yardsticks: number[] = [];
  let floor: FloorFigures | null = null;
  for (const [index, request] of requests.entries()) {
    if (index > 0 && index % YARDSTICK_EVERY === 0) yardsticks.push((await measure(requests[0]!)).http.p50);
    const result = await measure(request);
    if (index === 0) {
      yardsticks.push(result.http.p50);
      floor = await nodeFloor({ databaseUrl: cluster.url, statements: result.statements, clients, seconds });
    }
    figures.push(result);
    console.log(
      `  ${result.name}: single ${result.singleP50.toFixed(1)} ms, p50 ${result.http.p50.toFixed(1)} ms, ` +
        `${result.http.perSecond.toFixed(0)}/s vs pgbench ${result.pgbenchTps.toFixed(0)}/s, ` +
        `API thread ${result.apiCpuMs.toFixed(2)} ms CPU a request` +
        (result.failures.length ? `  WRONG: ${result.failures.slice(0, 3).join('; ')}` : ''),
    );
    if (result.cpuSplit) {
      console.log(
        `    API thread: ${result.cpuSplit.map(([part, share]) => `${part} ${(share * 100).toFixed(0)}%`).join(', ')}`,
      );
    }
  }
  yardsticks.push((await measure(requests[0]!)).http.p50);

  // A 90-day backtest per replayed event kind, through the route (issue 43: ≤ 60 s at a million
  // users): one request each, the stored events of 90 days streamed through the rule.
  const backtests: {
    event: string;
    seconds: number;
    status: number;
    evaluated: number | null;
    matches: number | null;
  }[] = [];
  if (only === null || only.test('backtest')) {
    console.log('\nPolicy backtests of 90 days (target ≤ 60 s each):');
    for (const body of BACKTEST_RULES) {
      const id = await benchRule(database.db, body);
      const started = performance.now();
      const response = await fetch(`${apiUrl}/v1/admin/rules/${id}/backtest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ days: 90 }),
      });
      const answer = (await response.json()) as { evaluated?: number; matches?: number; message?: string };
      const seconds = (performance.now() - started) / 1000;
      backtests.push({
        event: body.event,
        seconds,
        status: response.status,
        evaluated: answer.evaluated ?? null,
        matches: answer.matches ?? null,
      });
      console.log(
        response.status === 200
          ? `  ${body.event}: ${seconds.toFixed(1)} s for ${answer.evaluated} events, ${answer.matches} matches` +
              (seconds <= 60 ? '' : ' (above 60 s)')
          : `  ${body.event}: ${response.status} ${answer.message ?? ''}`,
      );
      if (response.status !== 200) failed = true;
    }
  }
  await app.close();

  const yardstick = median(yardsticks);
  console.log(
    `\n${clients} clients, ${seconds} s each. Targets: ≥ ${PGBENCH_RATIO_TARGET}× pgbench; p50 ≤ 3× users/{id} (${yardstick.toFixed(1)} ms, ` +
      `the median of its p50 in ${yardsticks.length} samples through the run: ${yardsticks.map((p50) => p50.toFixed(1)).join(', ')}).\n`,
  );
  // The previous full run at this size (no `--only`, every answer right): each ratio to pgbench
  // is judged against its own there, a drop of more than 25% is a REGRESSION (as bench:bids).
  const verdicts = figures.map((f) => ratioVerdict(f, previousFull));
  const header = [
    'request',
    'single ms',
    'p50 ms',
    'p95 ms',
    'req/s',
    'API CPU ms',
    'pgbench/s',
    'prepared',
    'vs pgbench',
    'previous',
    'change',
    'verdict',
    'p50 vs users/{id}',
    'buffers',
  ];
  const table = figures.map((f, i) => [
    f.name,
    f.singleP50.toFixed(1),
    f.http.p50.toFixed(1),
    f.http.p95.toFixed(1),
    f.http.perSecond.toFixed(0),
    f.apiCpuMs.toFixed(2),
    f.pgbenchTps.toFixed(0),
    preparedOf(f.statements),
    `${verdicts[i]!.ratio.toFixed(2)}×`,
    verdicts[i]!.previousRatio === null ? '—' : `${verdicts[i]!.previousRatio!.toFixed(2)}×`,
    changeText(verdicts[i]!.ratio, verdicts[i]!.previousRatio),
    verdicts[i]!.verdict,
    `${(f.http.p50 / yardstick).toFixed(2)}×${f.http.p50 / yardstick <= 3 ? '' : ' (above 3)'}`,
    f.buffers.join('+'),
  ]);
  printTable(header, table);
  if (floor)
    console.log(
      `\nThe floor (node-floor.ts: node:http + pg, nothing else) on users/{id}'s statement: ${floor.perSecond.toFixed(0)}/s, ${(floor.perSecond / figures[0]!.pgbenchTps).toFixed(2)}× pgbench, thread ${floor.cpuMs.toFixed(2)} ms CPU a request.`,
    );
  console.log(
    previousFull
      ? `
"previous": the full run of ${previousFull.at} at ${previousFull.users} users (${previousFull.seconds} s each).`
      : `
No previous full run in ${fullRunPath(users)}: this one becomes it (unless --only).`,
  );
  if (verdicts.some((v) => v.verdict === 'REGRESSION')) {
    console.log('REGRESSION: a ratio to pgbench dropped by more than 25% since the previous full run.');
  }
  const run: AdminRun & Record<string, unknown> = {
    at: new Date().toISOString(),
    users,
    sizes,
    clients,
    seconds,
    only: values.only ?? null,
    seedSeconds: cluster.seedSeconds,
    figures,
    backtests,
    floor,
  };
  const json = JSON.stringify(run, null, 2);
  writeFileSync(`${OUT_DIR}/admin-latest.json`, json);
  writeFileSync(latestRunPath(users), json);
  if (values.only === undefined && !figures.some((f) => f.failures.length)) writeFileSync(fullRunPath(users), json);
  if (values['compare-users'] !== undefined) compareWith(run, Number(values['compare-users']));
  const wrong = figures.filter((f) => f.failures.length);
  if (wrong.length) {
    failed = true;
    console.error(`\nWrong answers: ${wrong.map((f) => `${f.name} (${f.failures[0]})`).join(', ')}`);
  }
} finally {
  await database.close();
  cluster.stop();
}
process.exit(failed ? 1 : 0);
