// The bid-path benchmark (issue 4, "Under load"): on a throwaway PostgreSQL cluster, 32 bidders
// on one hot auction and on many auctions, our bid path (the service the POST /bid route calls,
// and that route through the app) against pgbench running the same statements. Targets are
// ratios to the pgbench baseline measured in the same run, never absolute times. Correctness is
// checked after every run of ours: every accepted bid is in the table, in one gap-free order,
// and a replay of the stored bids through the proxy model gives the auction's price and leader.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { BID_INCREMENT_TABLE, bidIncrementCents } from '../../shared/rules/bid-increments.js';
import { usdToCents } from '../../shared/rules/money.js';
import { buildApp } from '../../server/app.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { type AuctionState, placeBid } from '../../server/modules/auctions/rules/proxy-bidding.js';
import { type BidReceipt, placeBidInDb } from '../../server/modules/auctions/bidding.js';
import { ledgerCharges, type MarketDeps } from '../../server/market-deps.js';
import { createRelayPublisher } from '../../server/platform/events/pending-events.js';
import { startMarketDb } from '../market/market-db.js';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

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
}

export interface ComparisonRow {
  scenario: Scenario;
  side: Exclude<Side, 'pgbench'>;
  pgbenchTps: number;
  oursTps: number;
  ratio: number;
  /** The ratio the issue asks for, or null where the row is for information. */
  target: number | null;
  verdict: 'PASS' | 'BELOW TARGET' | 'info';
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

// ── Ids ──
// pgbench picks an auction and names its bidder with integer arithmetic only, so the benchmark's
// rows have ids that are decimal numbers (the id columns are text): auctions from 1000000,
// bidders from 2000000, the seller 3000000.
const AUCTION_BASE = 1_000_000;
const BIDDER_BASE = 2_000_000;
const SELLER_ID = '3000000';
/** The bidder that opens every auction, so each one already has a price and a leader. */
const OPENER_ID = String(BIDDER_BASE + 999);
const STARTING_BID_CENTS = 500;
const OPENING_MAX_CENTS = 1_000;

const bidderId = (index: number) => String(BIDDER_BASE + index);

// ── What one bid sends ──

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** Records every statement any `pg` client sends while `body` runs. */
async function captureStatements(body: () => Promise<void>): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | undefined)?.values ?? []);
    if (typeof text === 'string') captured.push({ text, values: [...values] });
    return original.apply(this, args);
  };
  try {
    await body();
  } finally {
    proto.query = original;
  }
  return captured;
}

/** Constant literals of our own statements (the auction message's type), never a value. */
const OWN_LITERALS = new Set(["'bid'"]);

/**
 * The statements of what was captured, one per entry, each with its values as `$n` parameters.
 * On PostgreSQL one bid sends some statements together, as one multi-statement query with the
 * values inlined as literals (server/modules/auctions/bid-transaction.ts): such a query is split into its
 * statements, and each inlined literal is turned back into a parameter, in order. A statement
 * sent with bind parameters is kept as it is.
 */
export function statementsOf(captured: CapturedStatement[]): CapturedStatement[] {
  const literal = /(?:\bE)?'(?:[^']|'')*'/gy;
  return captured.flatMap((query) => {
    if (query.values.length > 0) return [query];
    const statements: CapturedStatement[] = [];
    let text = '';
    let values: string[] = [];
    for (let at = 0; at < query.text.length;) {
      literal.lastIndex = at;
      const quoted = literal.exec(query.text);
      if (quoted && !OWN_LITERALS.has(quoted[0])) {
        const escaped = quoted[0].startsWith('E');
        const body = quoted[0].slice(escaped ? 2 : 1, -1).replace(/''/g, "'");
        values.push(escaped ? body.replace(/\\\\/g, '\\') : body);
        text += `$${values.length}`;
        at = literal.lastIndex;
      } else if (quoted) {
        text += quoted[0];
        at = literal.lastIndex;
      } else if (query.text[at] === ';') {
        statements.push({ text, values });
        text = '';
        values = [];
        at += 1;
      } else {
        text += query.text[at];
        at += 1;
      }
    }
    if (text.trim() !== '') statements.push({ text, values });
    return statements.map((statement) => ({ ...statement, text: statement.text.trim() }));
  });
}

/**
 * How the statements of one bid map to the pgbench script. Each role names a statement of
 * `placeBidInDb` in the order it sends them and gives, per `$n` parameter, the pgbench variable
 * that stands for it:
 *
 * - `begin`: the transaction opens.
 * - `lock`: the auction with the seller's and bidder's profiles, `FOR UPDATE OF l` (the row lock); its columns (price,
 *   leader, leader's maximum, bid count, …) become `l_*` (`\gset l_`), as the service reads them
 *   into the proxy model.
 * - `write`: one statement: INSERT the bid, INSERT its auction message, UPDATE the auction's
 *   price, leader, leader maximum, bid count and end time.
 * - `commit`.
 * - `outbid-notice`: after the commit, the outbid leader's notification (only when the leader
 *   changed).
 *
 * The proxy model (server/modules/auctions/rules/proxy-bidding.ts) runs in pgbench as `\set`/`\if`
 * arithmetic with the same increment table: below the minimum next bid under the lock, the
 * transaction rolls back (ours sends ROLLBACK when the service refuses the bid with a 409); above the
 * leader's maximum, the bidder leads at one increment over it; otherwise the leader keeps the
 * lead at one increment over the bid. One simplification: a leader raising their own maximum
 * is written like a leading bid (with its auction message), where ours writes no message.
 * What pgbench cannot do is ours alone: the per-auction queue of one node (server/market/
 * bid-queue.ts) sends nothing for a bid it refuses from the state the bids before it left, so a
 * captured bid shows only the statements of a bid that reaches the lock.
 * Timestamps (placed, end time) and the notice's JSON are fixed values (-D) of the same types
 * and sizes as ours, so the database does the same work.
 */
const ROLES = [
  { role: 'begin', matches: /^begin$/i, vars: [] },
  {
    role: 'lock',
    matches: /^\s*SELECT l\.id\b[\s\S]*FOR UPDATE OF l FOR KEY SHARE OF b\s*$/,
    vars: ['bidder', 'auction'],
  },
  {
    role: 'write',
    matches: /^\s*WITH bid AS \(\s*INSERT INTO bids[\s\S]*UPDATE listings SET/,
    // prettier-ignore
    vars: ['bid_id', 'auction', 'bidder', 'shown', 'newmax', 'placed', 'seq', 'msg_id', 'auction', 'bidder', 'shown',
           'placed', 'msg_id', 'price', 'leader', 'leader_max', 'seq', 'end_time', 'placed', 'auction'],
  },
  { role: 'commit', matches: /^commit$/i, vars: [] },
  {
    role: 'outbid-notice',
    matches: /^INSERT INTO notifications\b/,
    vars: ['prev_leader', 'note_type', 'note_title', 'note_data'],
  },
] as const;

/** The increment table as a pgbench expression of `:variable` (shared/rules/bid-increments.ts). */
function incrementOf(variable: string): string {
  const bands = BID_INCREMENT_TABLE.slice(1).map(
    (band, index) => `when :${variable} < ${band.fromCents} then ${BID_INCREMENT_TABLE[index]!.incrementCents}`,
  );
  return `(case ${bands.join(' ')} else ${BID_INCREMENT_TABLE.at(-1)!.incrementCents} end)`;
}

// ── The bidders: one model for both sides ──
//
// A pgbench client and one of our bidders do exactly the same thing before each bid:
// 1. read the auction's committed leader maximum with BIDDER_READ, on a connection of its own
//    (pgbench: its client connection; ours: one `pg.Client` per bidder, outside the server's pool),
//    right before the bid;
// 2. pick the new maximum from that read alone with `nextMaxCents`: one to four increments above
//    the leader's maximum (the same increment table, the same uniform 1..4);
// 3. send the bid (pgbench: the statements one bid of ours sends; ours: `placeBidInDb` or
//    POST /v1/bid), wait for its answer, and start again until the deadline.
// Neither side learns anything from the answers of earlier bids. BIDDER_READ is an oracle a real
// client does not have (the leader's maximum is hidden); it gives both sides the freshest
// knowledge possible, so what gets refused is only what other bidders committed in between.
// The read is timed on both sides (pgbench's tps counts the whole script).

/** The bidder's read before each bid (pgbench: `\gset r_`). */
export const BIDDER_READ = 'SELECT leader_max_cents FROM listings WHERE id = $1';

/** What our bidders and pgbench's both bid: one to four increments above the leader's maximum. */
const nextMaxCents = (leaderMaxCents: number) =>
  leaderMaxCents + bidIncrementCents(leaderMaxCents) * (1 + Math.floor(Math.random() * 4));

const valueText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * Checks that the captured statements are exactly the roles above, in order, and that each
 * parameter holds the value its variable stands for (the known ones by value, the others by
 * being equal wherever the same variable appears). A change to what `placeBidInDb` sends fails
 * here, so the baseline can never silently drift from the code it stands for.
 */
export function checkCapture(captured: CapturedStatement[], known: Record<string, string>): string[] {
  const problems: string[] = [];
  if (captured.length !== ROLES.length) {
    problems.push(
      `one bid sent ${captured.length} statements, the pgbench mapping expects ${ROLES.length}: ` +
        captured.map((statement) => statement.text.trim().split('\n')[0]).join(' | '),
    );
    return problems;
  }
  ROLES.forEach((role, index) => {
    const statement = captured[index]!;
    if (!role.matches.test(statement.text)) {
      problems.push(`statement ${index + 1} is not the ${role.role} statement: ${statement.text.trim().slice(0, 80)}`);
      return;
    }
    const placeholders = new Set(statement.text.match(/\$\d+/g) ?? []).size;
    if (placeholders !== role.vars.length || statement.values.length !== role.vars.length) {
      problems.push(`${role.role}: ${statement.values.length} parameters, the mapping names ${role.vars.length}`);
      return;
    }
    const seen = new Map<string, string>();
    role.vars.forEach((name, position) => {
      const value = valueText(statement.values[position]);
      const expected = known[name] ?? seen.get(name);
      if (expected !== undefined && expected !== value) {
        problems.push(`${role.role} $${position + 1} should be ${name} (${expected}) but is ${value}`);
      }
      seen.set(name, value);
    });
  });
  return problems;
}

/** The pgbench script: the captured statements, with `$n` replaced by the mapped variables. */
export function pgbenchScript(captured: CapturedStatement[]): string {
  const body = (index: number) => {
    const role = ROLES[index]!;
    return captured[index]!.text.trim().replace(/\$(\d+)/g, (_, n: string) => `:${role.vars[Number(n) - 1]}`);
  };
  return [
    '-- Generated by tests/benchmarks/bidding-bench.ts from the statements one placeBidInDb call sends.',
    '\\set auction :auction_first + random(0, :auction_count - 1)',
    '\\set bidder :bidder_base + :client_id',
    `${BIDDER_READ.replace('$1', ':auction')} \\gset r_`,
    `\\set newmax :r_leader_max_cents + ${incrementOf('r_leader_max_cents')} * random(1, 4)`,
    `${body(0)};`,
    `${body(1)} \\gset l_`,
    `\\set minimum :l_bid_cents + ${incrementOf('l_bid_cents')}`,
    '\\if :newmax < :minimum',
    'rollback;',
    '\\else',
    '\\if :l_leader_id = :bidder',
    '\\set price :l_bid_cents',
    '\\set leader :bidder',
    '\\set leader_max :newmax',
    '\\set shown :price',
    '\\elif :newmax > :l_leader_max_cents',
    `\\set price least(:newmax, :l_leader_max_cents + ${incrementOf('l_leader_max_cents')})`,
    '\\set leader :bidder',
    '\\set leader_max :newmax',
    '\\set shown :price',
    '\\else',
    `\\set price least(:l_leader_max_cents, :newmax + ${incrementOf('newmax')})`,
    '\\set leader :l_leader_id',
    '\\set leader_max :l_leader_max_cents',
    '\\set shown :newmax',
    '\\endif',
    '\\set seq :l_bid_count + 1',
    '\\set bid_id random(1000000000000, 9000000000000000000)',
    '\\set msg_id random(1000000000000, 9000000000000000000)',
    `${body(2)};`,
    `${body(3)};`,
    '\\if :leader != :l_leader_id',
    '\\set prev_leader :l_leader_id',
    `${body(4)};`,
    '\\endif',
    '\\endif',
    '',
  ].join('\n');
}

// ── Seeding ──

interface AuctionSet {
  scenario: Scenario;
  side: Side;
  round: number;
  ids: string[];
}

async function seedUsers(database: Database, bidders: number): Promise<void> {
  const users = [SELLER_ID, OPENER_ID, ...Array.from({ length: bidders }, (_, index) => bidderId(index))];
  for (const id of users) {
    await database.db.execute(
      sql`INSERT INTO users (id, firebase_id, email, user_name) VALUES (${id}, ${`bench-${id}`}, ${`bench-${id}@market.test`}, ${`bench${id}`})`,
    );
  }
}

async function seedAuctions(database: Database, deps: MarketDeps, first: number, count: number, endTime: Date) {
  const ids = Array.from({ length: count }, (_, index) => String(first + index));
  for (const id of ids) {
    await database.db.execute(
      sql`INSERT INTO listings (id, user_id, title, listing_type, starting_bid_cents, end_time)
          VALUES (${id}, ${SELLER_ID}, ${`Bench lot ${id}`}, 'auction', ${STARTING_BID_CENTS}, ${endTime})`,
    );
    await placeBidInDb(deps, { listingId: id, bidderId: OPENER_ID, maxCents: OPENING_MAX_CENTS });
  }
  return ids;
}

// ── pgbench ──

function runPgbench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(PG_BIN, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

// ── Ours ──

/** `Bearer bench-<user id>` is that user, as the Firebase adapter would say after verifying. */
const benchIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    const match = /^bench-(\d+)$/.exec(token);
    if (!match) throw new Error('auth/argument-error');
    return { uid: `bench-${match[1]}`, email: `bench-${match[1]}@market.test`, emailVerified: true, admin: false };
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

/** A bid's answer: the receipt, or the 409's message. */
type PlaceOne = (listingId: string, bidder: string, maxCents: number) => Promise<BidReceipt | { refused: string }>;

function serviceBidder(deps: MarketDeps): PlaceOne {
  return async (listingId, bidder, maxCents) => {
    try {
      return await placeBidInDb(deps, { listingId, bidderId: bidder, maxCents });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 409) return { refused: (error as Error).message };
      throw error;
    }
  };
}

/** The route through app.inject, in the server's own event loop (opt-in `inject` side). */
function injectBidder(app: FastifyInstance): PlaceOne {
  return async (listingId, bidder, maxCents) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/bid',
      headers: { authorization: `Bearer bench-${bidder}` },
      payload: { listingId, amount: maxCents / 100 },
    });
    if (response.statusCode === 409) return { refused: response.json<{ message: string }>().message };
    if (response.statusCode !== 200) throw new Error(`POST /bid answered ${response.statusCode}: ${response.body}`);
    return response.json<BidReceipt>();
  };
}

/**
 * `bidders` concurrent loops, each placing one bid after the other until the deadline, like a
 * pgbench client: read the leader's maximum on the bidder's own connection, bid `nextMaxCents`
 * of it, wait for the answer (see "The bidders" above).
 */
async function runOurs(
  place: PlaceOne,
  url: string,
  auctionIds: string[],
  bidders: number,
  durationMs: number,
): Promise<{ receipts: BidReceipt[]; refused: number; seconds: number; errors: string[] }> {
  const clients = await Promise.all(
    Array.from({ length: bidders }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const receipts: BidReceipt[] = [];
  const errors: string[] = [];
  let refused = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  try {
    await Promise.all(
      clients.map(async (client, index) => {
        while (performance.now() < deadline) {
          const listingId = auctionIds[Math.floor(Math.random() * auctionIds.length)]!;
          try {
            const read = await client.query<{ leader_max_cents: string }>(BIDDER_READ, [listingId]);
            const maxCents = nextMaxCents(Number(read.rows[0]!.leader_max_cents));
            const result = await place(listingId, bidderId(index), maxCents);
            if ('refused' in result) refused += 1;
            else receipts.push(result);
          } catch (error) {
            errors.push(String(error));
            if (errors.length > 20) return;
          }
        }
      }),
    );
    return { receipts, refused, seconds: (performance.now() - started) / 1000, errors };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * The `http` side: the bidders of runOurs on a worker thread (http-bidders.worker.mjs), each
 * with its own database connection for the read and a keep-alive HTTP connection to the
 * listening app, so the server's event loop does only the server's work.
 */
async function runHttpBidders(
  apiPort: number,
  databaseUrl: string,
  auctionIds: string[],
  bidders: number,
  durationMs: number,
): Promise<{ receipts: BidReceipt[]; refused: number; seconds: number; errors: string[] }> {
  const worker = new Worker(new URL('./http-bidders.worker.mjs', import.meta.url), {
    workerData: {
      databaseUrl,
      apiPort,
      auctionIds,
      bidderIds: Array.from({ length: bidders }, (_, index) => bidderId(index)),
      durationMs,
      increments: BID_INCREMENT_TABLE,
      bidderRead: BIDDER_READ,
    },
  });
  try {
    return await new Promise((resolve, reject) => {
      worker.on('message', (message: { type: 'ready' } | ({ type: 'done' } & Awaited<ReturnType<typeof runOurs>>)) => {
        if (message.type === 'ready') worker.postMessage('go');
        else resolve(message);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the HTTP bidders' thread exited (${code}) before answering`)));
    });
  } finally {
    await worker.terminate();
  }
}

interface StoredBid {
  id: string;
  listing_id: string;
  user_id: string;
  max_bid_cents: string;
  created_at: Date;
  seq: number;
}

/** No bid lost, none invented, one gap-free order per auction, and state equal to a replay. */
async function verifyOurs(
  database: Database,
  auctionIds: string[],
  receipts: BidReceipt[],
  endTime: Date,
  label: string,
): Promise<string[]> {
  const failures: string[] = [];
  const bids = await queryRows<StoredBid>(
    database.db,
    sql`SELECT id, listing_id, user_id, max_bid_cents, created_at, seq FROM bids
        WHERE listing_id IN (${sql.join(
          auctionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY listing_id, seq`,
  );
  const stored = new Map(bids.map((bid) => [bid.id, bid]));
  const accepted = new Set(receipts.map((receipt) => receipt.bidId));
  const lost = receipts.filter((receipt) => !stored.has(receipt.bidId));
  if (lost.length > 0) failures.push(`${label}: ${lost.length} accepted bids are not in the bids table`);
  const unknown = bids.filter((bid) => bid.user_id !== OPENER_ID && !accepted.has(bid.id));
  if (unknown.length > 0) failures.push(`${label}: ${unknown.length} stored bids were never acknowledged`);
  for (const receipt of receipts) {
    const bid = stored.get(receipt.bidId);
    if (bid && bid.seq !== receipt.bidCount) {
      failures.push(`${label}: bid ${receipt.bidId} was told it is bid #${receipt.bidCount}, stored as #${bid.seq}`);
      break;
    }
  }

  const listings = await queryRows<{
    id: string;
    bid_cents: string;
    leader_id: string;
    leader_max_cents: string;
    bid_count: number;
  }>(
    database.db,
    sql`SELECT id, bid_cents, leader_id, leader_max_cents, bid_count FROM listings
        WHERE id IN (${sql.join(
          auctionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const listing of listings) {
    const own = bids.filter((bid) => bid.listing_id === listing.id);
    if (own.some((bid, index) => bid.seq !== index + 1)) {
      failures.push(`${label}: auction ${listing.id} has a gap or a duplicate in its bid order`);
      continue;
    }
    let state: AuctionState = {
      listingId: listing.id,
      sellerId: SELLER_ID,
      startingBidCents: STARTING_BID_CENTS,
      currentBidCents: null,
      leader: null,
      bidCount: 0,
      endTimeMs: endTime.getTime(),
    };
    for (const bid of own) {
      const result = placeBid(state, {
        bidId: bid.id,
        bidderId: bid.user_id,
        maxCents: Number(bid.max_bid_cents),
        placedAtMs: new Date(bid.created_at).getTime(),
      });
      if (result.status !== 'accepted') {
        failures.push(`${label}: auction ${listing.id} bid #${bid.seq} is refused on replay (${result.message})`);
        break;
      }
      state = result.newState;
    }
    const same =
      Number(listing.bid_cents) === state.currentBidCents &&
      listing.leader_id === state.leader?.bidderId &&
      Number(listing.leader_max_cents) === state.leader?.maxCents &&
      listing.bid_count === state.bidCount;
    if (!same) {
      failures.push(
        `${label}: auction ${listing.id} stands at ${listing.bid_cents}c led by ${listing.leader_id} ` +
          `(max ${listing.leader_max_cents}c, ${listing.bid_count} bids); the replay says ${state.currentBidCents}c ` +
          `led by ${state.leader?.bidderId} (max ${state.leader?.maxCents}c, ${state.bidCount} bids)`,
      );
    }
  }
  return failures;
}

/** Runs `body` under the V8 CPU profiler when `dir` is set (the timed part only, harness included). */
async function profiled<T>(dir: string | undefined, label: string, body: () => Promise<T>): Promise<T> {
  if (!dir) return body();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** Transactions rolled back in the database so far: the bids refused under the lock. */
async function rollbacks(database: Database, enabled: boolean): Promise<number> {
  if (!enabled) return 0;
  // Backends report their counts to the statistics at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const [row] = await queryRows<{ count: string }>(
    database.db,
    sql`SELECT xact_rollback AS count FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(row!.count);
}

/** Bids on these auctions, the openers' left out. */
async function countBids(database: Database, auctionIds: string[]): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    database.db,
    sql`SELECT count(*) AS count FROM bids WHERE user_id <> ${OPENER_ID} AND listing_id IN (${sql.join(
      auctionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(row!.count);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs every scenario and returns the measurements; throws only when it cannot measure. */
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
  const market = await startMarketDb();
  const scratch = mkdtempSync(join(tmpdir(), 'bench-bids-'));
  let app: FastifyInstance | null = null;
  try {
    const database = await market.open(poolSize);
    // Events go to a relay with no realtime node attached, as on a server nobody listens to.
    const deps: MarketDeps = { db: database.db, events: createRelayPublisher(), charges: ledgerCharges() };
    const endTime = new Date(Date.now() + 6 * 3600_000);

    log(`seeding ${options.bidders} bidders and the auctions…`);
    await seedUsers(database, options.bidders);
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
      identity: benchIdentity,
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
        const committed = await countBids(database, set.ids);
        runs.push({ ...set, committed, refused: attempts - committed, seconds, tps: committed / seconds });
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
        });
        for (const error of outcome.errors.slice(0, 5)) failures.push(`${label}: a bid failed: ${error}`);
        failures.push(...(await verifyOurs(database, set.ids, outcome.receipts, endTime, label)));
        const underLock = (await rollbacks(database, countRollbacks)) - before;
        log(
          `${label}: ${tps.toFixed(0)} bids/s (${outcome.receipts.length} bids, ${outcome.refused} refused${countRollbacks ? `, ${underLock} under the lock` : ''})`,
        );
      }
    }

    const comparison: ComparisonRow[] = [];
    for (const scenario of sides.includes('pgbench') ? scenarios : []) {
      const tpsOf = (side: Side) =>
        median(runs.filter((run) => run.scenario === scenario && run.side === side).map((run) => run.tps));
      const pgbenchTps = tpsOf('pgbench');
      for (const side of oursOf(sides)) {
        const oursTps = tpsOf(side);
        const ratio = oursTps / pgbenchTps;
        const target = scenario === 'hot' && side === 'service' ? 1.0 : null;
        const verdict = target === null ? 'info' : ratio >= target ? 'PASS' : 'BELOW TARGET';
        comparison.push({ scenario, side, pgbenchTps, oursTps, ratio, target, verdict });
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
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The comparison as a plain-text table. */
export function formatComparison(report: BenchReport): string {
  const header = ['scenario', 'ours via', 'pgbench tps', 'ours bids/s', 'ours/pgbench', 'target', 'verdict'];
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
    row.target === null ? '—' : `≥ ${row.target.toFixed(1)}×`,
    row.verdict,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export const newRunId = () => `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 4)}`;
