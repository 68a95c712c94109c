// What the security walks share: the real app on an in-memory PGlite (the `token-<name>` fake
// identity of market-db.ts, local media storage in a temp directory, a Stripe webhook secret so
// the webhook verifies instead of answering 503), one request sender, the contract's error-body
// check, the database's ids, and a snapshot of every table to prove that a refused call changed
// nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database, type Db } from '../../server/platform/db/database.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { localListingTools } from '../../server/modules/listings/listing-tools-deps.js';
import { shippingDocumentsSettled } from '../../server/modules/fulfilment/index.js';
import { fakeIdentity } from '../market/market-db.js';
import type { HttpMethod } from './openapi-operations.js';
import { openTestApp } from '../support/app-fixture.js';

export interface SecurityApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The absolute URLs the app hands out (upload targets) start with this; inject takes the path. */
export const PUBLIC_API_URL = 'http://api.test/v1';

export async function buildSecurityApp(options: { demoData: boolean }): Promise<SecurityApp> {
  const uploadsDir = await mkdtemp(join(tmpdir(), 'security-walk-'));
  const opened = await openTestApp({
    ...(options.demoData ? { seed: (database: Database) => seedMarketplace(database.db, { users: 12, seed: 7 }) } : {}),
    identity: fakeIdentity,
    listingTools: localListingTools({
      uploadsDir,
      signingSecret: 'security-walk-signing-secret-0123456789',
      publicApiUrl: PUBLIC_API_URL,
      appLinkBaseUrl: 'https://app.test',
    }),
    stripeWebhookSecret: 'whsec_security_walk',
    rateLimitMax: 10_000_000,
  });
  const { app, database } = opened;
  return {
    app,
    database,
    close: async () => {
      // Bulk shipping documents run after their answer: let them finish before the database goes.
      await shippingDocumentsSettled(app.market);
      await opened.close();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface SentRequest {
  method: HttpMethod;
  /** Path and query, already encoded, starting with /v1. */
  url: string;
  /** `token-<name>` of market-db's fake identity, or null for no Authorization header. */
  token: string | null;
  /** The raw body text (JSON unless contentType says otherwise). */
  payload?: string | undefined;
  contentType?: string | undefined;
  headers?: Record<string, string> | undefined;
}

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

export async function send(app: FastifyInstance, request: SentRequest): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== null) headers.authorization = `Bearer ${request.token}`;
  if (request.payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  return {
    status: response.statusCode,
    text: response.body,
    contentType: String(response.headers['content-type'] ?? ''),
  };
}

/**
 * Why an error answer breaks the contract (`{statusCode, error, message}`, the
 * status in the body equal to the response's), or null when it keeps it.
 */
export function errorShapeProblem(answer: Answer): string | null {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `the ${answer.status} body is not JSON`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `the ${answer.status} body is not an object`;
  const { statusCode, error, message } = body as Record<string, unknown>;
  if (statusCode !== answer.status) return `body.statusCode ${JSON.stringify(statusCode)} is not ${answer.status}`;
  if (typeof error !== 'string') return 'body.error is not a string';
  if (typeof message !== 'string') return 'body.message is not a string';
  return null;
}

/** At most `max` characters of a request or answer, for a failure a person can read. */
export const excerpt = (text: string | undefined, max = 400) =>
  text === undefined ? '' : text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;

/** Each database's tables with an `id` column: the schema does not change under a walk. */
const tablesOf = new WeakMap<Db, Promise<string[]>>();

/** Tables with an `id` column (everything a route can name), in a stable order. */
function tablesWithIds(db: Db): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = queryRows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`,
    ).then((rows) => rows.map((row) => row.table_name));
    tablesOf.set(db, tables);
  }
  return tables;
}

/**
 * Up to `perTable` ids of every table: the "real existing ids" a fuzzed request names. The fuzz
 * asks before each of its 200-odd operations: one statement for all the tables (a statement per
 * table and the table list asked each time took about 300 ms a call on PGlite, this about 55 ms,
 * measured side by side on a loaded machine).
 */
export async function databaseIds(db: Db, perTable = 12): Promise<string[]> {
  const tables = await tablesWithIds(db);
  if (tables.length === 0) return [];
  const parts = tables.map(
    (table, index) =>
      sql`SELECT ${index}::int AS t,
                 ARRAY(SELECT id::text FROM ${sql.identifier(table)} ORDER BY id LIMIT ${perTable}) AS ids`,
  );
  // The tables in their order, each one's ids in id order (the seed replays the same draws).
  const rows = await queryRows<{ ids: string[] }>(
    db,
    sql`SELECT ids FROM (${sql.join(parts, sql` UNION ALL `)}) tables ORDER BY t`,
  );
  return rows.flatMap((row) => row.ids);
}

/** Every table's rows, each row as its JSON text, sorted: equal snapshots mean nothing changed. */
export type Snapshot = Record<string, string[]>;

export async function snapshotTables(db: Db): Promise<Snapshot> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables.map(
    ({ table_name: table }) =>
      sql`${table}::text, (SELECT coalesce(json_agg(row_to_json(t)::text ORDER BY row_to_json(t)::text), '[]'::json)
                           FROM ${sql.identifier(table)} t)`,
  );
  // json_build_object takes at most 100 arguments (50 tables): one object per 40 tables, merged.
  const snapshot: Snapshot = {};
  for (let start = 0; start < parts.length; start += 40) {
    const [row] = await queryRows<{ dump: string }>(
      db,
      sql`SELECT json_build_object(${sql.join(parts.slice(start, start + 40), sql`, `)})::text AS dump`,
    );
    Object.assign(snapshot, JSON.parse(row!.dump) as Snapshot);
  }
  return snapshot;
}

/**
 * Where the database's write-ahead log ends: it moves with every write to a table (each write's
 * record and its commit's), so an unchanged position means no row changed and a snapshot
 * (every row of every table) can be skipped. It may move without a row changing (a sequence
 * drawn by a refused insert): then the snapshot decides. No table of ours is UNLOGGED.
 */
export async function writeAheadPosition(db: Db): Promise<string> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
  return row!.lsn;
}

/** What changed between two snapshots, one line per added or removed row (empty when nothing did). */
export function snapshotChanges(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const is = new Set(after[table] ?? []);
    for (const row of was) if (!is.has(row)) lines.push(`${table} - ${excerpt(row, 300)}`);
    for (const row of is) if (!was.has(row)) lines.push(`${table} + ${excerpt(row, 300)}`);
  }
  return lines;
}
