// Every admin list request the scale work measures (default order, each sort key both ways, a
// common and a rare search, page 50), and the SQL each one really runs: the list's own service
// is called with an executor that records every statement before running it. The plan test
// explains those statements; the admin benchmark replays them through pgbench.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SORT_KEYS, type ListName } from '../../shared/contract/list-query.js';
import { listAdminUsers, loadAdminUser } from '../../server/modules/accounts/user-admin.js';
import { userStatistics } from '../../server/modules/accounts/statistics.js';
import { listActiveListings } from '../../server/modules/listings/listing-admin.js';
import { listSoldListings } from '../../server/modules/orders/order-admin.js';
import { listRatingsForAdmin } from '../../server/modules/community/rating-admin.js';
import {
  moderatedAuctionMessages,
  moderatedChatMessages,
  moderatedChats,
} from '../../server/modules/conversations/moderation.js';
import { marketMetrics } from '../../server/modules/market-health/market-metrics.js';
import { ringOf } from '../../server/modules/trust-safety/ring.js';
import { sellerStandingOf } from '../../server/modules/seller-standing/standing.js';
import { storedValueOf } from '../../server/modules/blocks/blocks.js';
import { blockPreview } from '../../server/modules/blocks/preview.js';
import type { BlockKind } from '../../shared/contract/blocks.js';
import type { Db } from '../../server/platform/db/database.js';
import { addDays, MAX_METRIC_DAYS, utcDay } from '../../shared/rules/market-days.js';

export interface RecordedStatement {
  sql: string;
  params: unknown[];
  /** Sent as a named prepared statement (database.ts, `preparedRows`): planned once per connection. */
  prepared: boolean;
}

export interface ListRequest {
  /** e.g. `users sortBy=email order=ASC` */
  name: string;
  list: ListName | 'statistics' | 'marketMetrics' | 'ring' | 'blockPreview' | 'sellerStanding';
  /** The HTTP path under /v1/admin with its query string. */
  path: string;
  /** A POST with this JSON body; a GET when absent. */
  body?: unknown;
  /** Sorted by a key with an index per direction, or the default order: a page needs no sort. */
  searched: boolean;
  run: (db: Db) => Promise<unknown>;
}

/** The admin list lists this work covers, their route path and service. */
const LISTS: {
  list: Exclude<ListName, 'subcategories'>;
  path: string;
  run: (db: Db, query: Record<string, unknown>) => Promise<unknown>;
}[] = [
  { list: 'users', path: '/users', run: (db, q) => listAdminUsers(db, q as never) },
  { list: 'activeListings', path: '/listings/active', run: (db, q) => listActiveListings(db, q as never) },
  { list: 'soldListings', path: '/listings/sold', run: (db, q) => listSoldListings(db, q as never) },
  { list: 'ratings', path: '/ratings/all', run: (db, q) => listRatingsForAdmin(db, q as never) },
  {
    list: 'auctionMessages',
    path: '/auction-messages/active',
    run: (db, q) => moderatedAuctionMessages(db, q as never),
  },
  { list: 'chats', path: '/chat/all-chats', run: (db, q) => moderatedChats(db, q as never) },
  { list: 'chatMessages', path: '/chat/all-messages', run: (db, q) => moderatedChatMessages(db, q as never) },
];

/**
 * Sort keys no index can order: a listing's description (up to 5,000 characters, too long for a
 * btree key). Those pages still sort the list's rows.
 */
export const UNINDEXED_SORTS = new Set(['activeListings:description']);

function queryString(query: Record<string, unknown>): string {
  const entries = Object.entries(query).filter(([key]) => key !== 'limit' || query.limit !== 10);
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

/** One request of a list, with the query as its query string gives it. */
export function listRequest(list: (typeof LISTS)[number]['list'], query: Record<string, unknown>): ListRequest {
  const { path, run } = LISTS.find((entry) => entry.list === list)!;
  const full = { page: 1, limit: 10, ...query };
  const label = Object.entries(query)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return {
    name: `${list} ${label}`.trim(),
    list,
    path: `${path}${queryString(query)}`,
    searched: 'search' in query,
    run: (db) => run(db, full),
  };
}

export const STATISTICS_REQUEST: ListRequest = {
  name: 'statistics',
  list: 'statistics',
  path: '/statistics',
  searched: false,
  run: (db) => userStatistics(db),
};

/** GET /admin/metrics/market over a year of days (366, up to today): the dashboard's charts. */
export function marketMetricsRequest(today = new Date()): ListRequest {
  const to = utcDay(today);
  const from = addDays(to, -(MAX_METRIC_DAYS - 1));
  return {
    name: 'metrics/market (a year of days)',
    list: 'marketMetrics',
    path: `/metrics/market?from=${from}&to=${to}&interval=day`,
    searched: false,
    run: (db) => marketMetrics(db, { from, to, interval: 'day' }, () => true),
  };
}

/** GET /admin/users/{id}: one user by primary key, the benchmark's yardstick. */
export function userRequest(id: string): ListRequest {
  return {
    name: 'users/{id}',
    list: 'users',
    path: `/users/${id}`,
    searched: false,
    run: (db) => loadAdminUser(db, id),
  };
}

/**
 * GET /admin/users/{id}/seller-standing: a seller's standing from the kept day buckets (issue 45:
 * p50 ≤ 3× users/{id} at a million users); the benchmark asks it of the seller with the most orders.
 */
export function sellerStandingRequest(id: string): ListRequest {
  return {
    name: 'users/{id}/seller-standing',
    list: 'sellerStanding',
    path: `/users/${id}/seller-standing`,
    searched: false,
    run: (db) => sellerStandingOf(db, id, Date.now()),
  };
}

/** GET /admin/users/{id}/ring: a ring member's whole ring (issue 22: p50 ≤ 3× users/{id}). */
export function ringRequest(id: string): ListRequest {
  return {
    name: 'users/{id}/ring',
    list: 'ring',
    path: `/users/${id}/ring`,
    searched: false,
    run: (db) => ringOf(db, id),
  };
}

/**
 * POST /admin/blocks/preview: the accounts a block would match and what they hold, before it is
 * saved (issue 44: p50 ≤ 3× users/{id}).
 */
export function blockPreviewRequest(kind: BlockKind, value: string): ListRequest {
  return {
    name: `blocks/preview ${kind}`,
    list: 'blockPreview',
    path: '/blocks/preview',
    body: { kind, value, severity: 'trade' },
    searched: false,
    run: (db) => blockPreview(db, kind, storedValueOf(kind, value)),
  };
}

/**
 * Each list's requests: the default page, every sort key both ways, one search per term in
 * `terms` (a moderator's type-ahead sends 1, 2 and 3+ characters, common and rare), and each of
 * `pages` (deep pages).
 */
export function listRequests(terms: readonly string[], pages: readonly number[] = [50]): ListRequest[] {
  const requests: ListRequest[] = [];
  for (const { list } of LISTS) {
    const add = (query: Record<string, unknown>) => requests.push(listRequest(list, query));
    add({});
    for (const key of SORT_KEYS[list]) {
      if (UNINDEXED_SORTS.has(`${list}:${key}`)) continue;
      for (const order of ['ASC', 'DESC']) add({ sortBy: key, order });
    }
    for (const search of terms) add({ search });
    for (const page of pages) add({ page });
  }
  requests.push(STATISTICS_REQUEST);
  return requests;
}

const dialect = new PgDialect();

/**
 * Runs `request` against `db`, returning its answer and every statement it sent, in order: its
 * second run's, as a warm node sends them. A node keeps what it read per database executor (a
 * search's term statistics, term-statistics.ts), which is read again for a new executor such as
 * this recording one: its first run sends statements a busy node does not, and pgbench would run
 * them on every request.
 */
export async function recordStatements(
  db: Db,
  request: ListRequest,
): Promise<{ answer: unknown; statements: RecordedStatement[] }> {
  const statements: RecordedStatement[] = [];
  const recording = Object.create(db) as Db;
  recording.execute = ((query: SQL) => {
    const { sql, params } = dialect.sqlToQuery(query);
    statements.push({ sql, params, prepared: false });
    return db.execute(query);
  }) as Db['execute'];
  // A list's rows by its page's ids run as a prepared statement (database.ts, `preparedRows`),
  // through the session rather than `execute`: recorded there.
  const { session } = db._;
  const recordingSession = Object.create(session) as typeof session;
  recordingSession.prepareQuery = ((query: { sql: string; params: unknown[] }, ...rest: unknown[]) => {
    // Its name, the third argument, is missing past the names' bound: then it runs unnamed.
    statements.push({ sql: query.sql, params: query.params, prepared: typeof rest[1] === 'string' });
    return (session.prepareQuery as (...args: unknown[]) => unknown).call(session, query, ...rest);
  }) as typeof session.prepareQuery;
  Object.defineProperty(recording, '_', { value: { ...db._, session: recordingSession } });
  await request.run(recording);
  statements.length = 0;
  const answer = await request.run(recording);
  return { answer, statements };
}
