// The bid benchmark's statements: the benchmark's ids, what one bid sends (captured from our own
// bid path), the pgbench script built from it, and the bidder model both sides share.
import pg from 'pg';
import { BID_INCREMENT_TABLE, bidIncrementCents } from '../../shared/rules/bid-increments.js';

// ── Ids ──
// pgbench picks an auction and names its bidder with integer arithmetic only, so the benchmark's
// rows have ids that are decimal numbers (the id columns are text): auctions from 1000000,
// bidders from 2000000, the seller 3000000.
export const AUCTION_BASE = 1_000_000;
export const BIDDER_BASE = 2_000_000;
export const SELLER_ID = '3000000';
/** The bidder that opens every auction, so each one already has a price and a leader. */
export const OPENER_ID = String(BIDDER_BASE + 999);
export const STARTING_BID_CENTS = 500;
export const OPENING_MAX_CENTS = 1_000;

export const bidderId = (index: number) => String(BIDDER_BASE + index);

// ── What one bid sends ──

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** Records every statement any `pg` client sends while `body` runs. */
export async function captureStatements(body: () => Promise<void>): Promise<CapturedStatement[]> {
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
export const nextMaxCents = (leaderMaxCents: number) =>
  leaderMaxCents + bidIncrementCents(leaderMaxCents) * (1 + Math.floor(Math.random() * 4));

export const valueText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

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
