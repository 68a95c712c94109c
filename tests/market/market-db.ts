// What the market's PostgreSQL tests share: a migrated database of their own per suite in the
// run's throwaway cluster (the `postgres` project's global set-up), users and listings made with plain SQL,
// and a publisher that records every realtime event after checking it against the contract.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { RealtimeEventName } from '../../shared/contract/enums.js';
import { adminEvents, marketEvents } from '../../shared/contract/realtime-events.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { localPorts, type MarketServices } from '../../server/composition.js';
import { type Charges, ledgerPaymentAccounts } from '../../server/modules/payments/index.js';
import { createRelayPublisher } from '../../server/platform/events/pending-events.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { HttpError } from '../../server/platform/http/errors.js';
import type { RealtimePublisher } from '../../server/platform/realtime/publisher.js';
import {
  createDatabase,
  createMigratedDatabase,
  dropDatabase,
  startPostgresCluster,
} from '../support/postgres-cluster.js';
// These tests call services without the app: every hook's subscribers must be loaded all the same.
import '../../server/module-hooks.js';

/**
 * The identity edge for route tests that need no Auth emulator: `token-<name>` is the user
 * `<name>` (uid `uid-<name>`, email `<name>@market.test`, verified), `unverified-<name>` the same
 * account before its email is verified, `token-admin` carries the admin claim, anything else is
 * refused like an expired token.
 */
export const fakeIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    const match = /^(token|unverified)-([a-z0-9]+)$/.exec(token);
    if (!match) throw new Error('auth/argument-error');
    const name = match[2]!;
    return {
      uid: `uid-${name}`,
      email: `${name}@market.test`,
      emailVerified: match[1] === 'token',
      admin: name === 'admin',
    };
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

export interface RecordedEvent {
  kind: 'admin' | 'market';
  name: string;
  rooms: string[];
  payload: unknown;
}

export function recordingPublisher(log: RecordedEvent[]): RealtimePublisher {
  return {
    publishAdmin(name, payload) {
      adminEvents[name].parse(payload);
      log.push({ kind: 'admin', name, rooms: [], payload });
    },
    publishMarket(name: RealtimeEventName, rooms, payload) {
      marketEvents[name].parse(payload);
      log.push({ kind: 'market', name, rooms: typeof rooms === 'string' ? [rooms] : [...rooms], payload });
    },
  };
}

export interface MarketTestDb {
  url: string;
  open(poolSize?: number): Promise<Database>;
  stop(): Promise<void>;
}

/**
 * The cluster at `adminUrl`, else the run's cluster inside vitest (`inject('postgresAdminUrl')`
 * of the `postgres` project), else a cluster of its own (the benchmarks, run by tsx).
 */
async function clusterForThisRun(adminUrl?: string): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const shared = adminUrl || (process.env.VITEST ? (await import('vitest')).inject('postgresAdminUrl') : '');
  if (shared) return { adminUrl: shared, stop: async () => undefined };
  return startPostgresCluster();
}

/** The PostgreSQL fixture: a fresh, migrated database; `stop()` closes what it opened and drops it. */
export async function startMarketDb(adminUrl?: string): Promise<MarketTestDb> {
  const cluster = await clusterForThisRun(adminUrl);
  const name = `market_${randomUUID().slice(0, 8)}`;
  // The run's cluster holds a migrated template to copy; a cluster of the caller's own does not.
  const migrated = await createMigratedDatabase(cluster.adminUrl, name);
  if (!migrated) await createDatabase(cluster.adminUrl, name);
  const url = cluster.adminUrl.replace(/\/postgres$/, `/${name}`);
  const opened: Database[] = [];
  const open = async (poolSize = 10) => {
    const database = await openDatabase({ databaseUrl: url, poolSize });
    opened.push(database);
    return database;
  };
  if (!migrated) await migrate(await open(2));
  return {
    url,
    open,
    async stop() {
      await Promise.allSettled(opened.map((database) => database.close()));
      await dropDatabase(cluster.adminUrl, name).catch(() => undefined);
      await cluster.stop();
    },
  };
}

export function depsFor(
  database: Database,
  log: RecordedEvent[],
  options: { charges?: Charges; now?: () => number } = {},
): MarketServices {
  const events = createRelayPublisher((error) => {
    throw error;
  });
  events.attach(recordingPublisher(log));
  return {
    ...localPorts(database, {
      identity: fakeIdentity,
      ...(options.charges ? { charges: options.charges } : {}),
      // The ledger keeps the services' clock (a card saved "now", a link's expiry).
      ...(options.now ? { paymentAccounts: ledgerPaymentAccounts(database.db, { now: options.now }) } : {}),
    }),
    db: database.db,
    events,
    ...(options.now ? { now: options.now } : {}),
  };
}

export async function createUsers(database: Database, count: number, prefix = 'user'): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const tag = `${prefix}${index}_${randomUUID().slice(0, 6)}`;
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (firebase_id, email, user_name) VALUES (${tag}, ${`${tag}@market.test`}, ${tag}) RETURNING id`,
    );
    ids.push(row!.id);
  }
  return ids;
}

export async function createAuction(
  database: Database,
  sellerId: string,
  options: { type?: 'auction' | 'giveaway'; startingBidCents?: number; endTime?: Date } = {},
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
        VALUES (${sellerId}, ${`Lot ${randomUUID().slice(0, 6)}`}, ${options.type ?? 'auction'},
                ${options.type === 'giveaway' ? null : (options.startingBidCents ?? 500)},
                ${options.endTime ?? new Date(Date.now() + 24 * 3600_000)})
        RETURNING id`,
  );
  return row!.id;
}

/**
 * Lets the fake identity's users `<name>` sell (server/modules/accounts/selling.ts: only an enabled seller
 * lists, publishes or accepts offers), as an admin's "Enable Seller" would: their row is made
 * by their first call, as in any test, then enabled. Answers their user ids, in order.
 */
export async function enableSellers(app: FastifyInstance, ...names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const me = await app.inject({
      method: 'GET',
      url: '/v1/user/my-details',
      headers: { authorization: `Bearer token-${name}` },
    });
    if (me.statusCode !== 200) throw new Error(`my-details of ${name}: ${me.statusCode} ${me.body}`);
    const { id } = me.json<{ id: string }>();
    await app.market.db.execute(sql`UPDATE users SET seller_enabled = true WHERE id = ${id}`);
    ids.push(id);
  }
  return ids;
}

/** The statuses and messages of settled calls, in order: fulfilled ones as 'ok' (race tests). */
export const outcomes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((result) =>
    result.status === 'fulfilled'
      ? 'ok'
      : result.reason instanceof HttpError
        ? `${result.reason.statusCode} ${result.reason.message}`
        : String(result.reason),
  );

export type MarketMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface MarketAnswer {
  status: number;
  /** The JSON body; null for an empty one (a 204). */
  body: Record<string, unknown>;
}

/**
 * A route test's call through `app.inject`: `user` signs in as `token-<user>` (see
 * `fakeIdentity`), null sends no token. `app` is read at call time: suites build it in beforeAll.
 */
export function marketCall(app: () => FastifyInstance) {
  return async (user: string | null, method: MarketMethod, url: string, payload?: object): Promise<MarketAnswer> => {
    const response = await app().inject({
      method,
      url: `/v1${url}`,
      headers: user ? { authorization: `Bearer token-${user}` } : {},
      ...(payload ? { payload } : {}),
    });
    // A CSV export answers text: its body is kept as the text it is.
    const json = String(response.headers['content-type'] ?? '').includes('json');
    const body = response.body ? (json ? response.json() : { text: response.body }) : null;
    return { status: response.statusCode, body: body as Record<string, unknown> };
  };
}
