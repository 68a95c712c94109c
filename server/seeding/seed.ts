// Deterministic demo data: `tsx server/seeding/seed.ts --users 300 [--seed 1]`. The same seed
// and size always produce the same marketplace (times are relative to now, so some rows always
// fall in the past 24 hours). The size scales every table in proportion, and the rows stream to
// the database in batches (seed-sink.ts), so a million users fill in bounded memory.
//
// The topics, in the order their rows reference each other: seed-people.ts (catalogue, users,
// addresses, seller requests), seed-listings.ts (listings, bids, giveaway entries, auction feed),
// seed-orders.ts (orders, transactions, ratings), seed-conversations.ts (chats and messages,
// follows, notifications).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { z } from 'zod';
import { openDatabase, pooledPgClient, type Db } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { seedContext, KIND, type SeedContext } from './seed-context.js';
import { seedChats, seedFollows, seedNotifications } from './seed-conversations.js';
import { seedListings } from './seed-listings.js';
import { seedOrders } from './seed-orders.js';
import { seedCatalogue, seedUsers } from './seed-people.js';
import { seedSink, type SeedSink } from './seed-sink.js';
import { users } from '../platform/db/schema/index.js';
import { readRows, sqlRow } from '../platform/db/sql-row.js';

export interface SeedOptions {
  users: number;
  seed?: number;
  /** "now" for relative times; tests pin it. */
  now?: Date;
  /**
   * On PostgreSQL, set the seeded tables' secondary indexes, foreign keys and triggers aside for
   * the load and put them back after it (`setAside`): the same database, sooner. Default: from
   * 50,000 users.
   */
  bulkLoad?: boolean;
  /** Told when each topic is written (the command line prints it). */
  progress?: (step: string) => void;
}

export interface SeedSummary {
  users: number;
  listings: number;
  orders: number;
  chatMessages: number;
  /** Rows written per table. */
  rows: Record<string, number>;
}

const SEEDED_TABLES = [
  'users',
  'addresses',
  'seller_requests',
  'listings',
  'bids',
  'giveaway_entries',
  'auction_messages',
  'orders',
  'transactions',
  'ratings',
  'chats',
  'chat_messages',
  'follows',
  'notifications',
];

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await readRows(db, sqlRow(users, 'id'), sql`SELECT id FROM users LIMIT 1`);
  return rows.length > 0;
}

/** Each topic in turn, then the users' spent and sold totals (known only once orders exist). */
async function seedAll(
  context: SeedContext,
  progress: (step: string) => void,
): Promise<{ orders: number; chatMessages: number }> {
  await seedCatalogue(context);
  await seedUsers(context);
  progress('users');
  await seedListings(context);
  progress('listings');
  const orders = await seedOrders(context);
  progress('orders');
  const chatMessages = await seedChats(context);
  progress('chats');
  await seedFollows(context);
  await seedNotifications(context);
  await writeUserTotals(context);
  progress('follows, notifications, user totals');
  return { orders, chatMessages };
}

async function writeUserTotals(context: SeedContext): Promise<void> {
  const { sink } = context;
  await sink.query(
    sql`CREATE TEMPORARY TABLE seed_user_totals (id text PRIMARY KEY, spent bigint, sold bigint) ON COMMIT DROP`,
  );
  const table = { name: 'seed_user_totals', columns: ['id', 'spent', 'sold'] };
  for (let i = 0; i < context.users; i++) {
    const spent = context.spentCents[i]!;
    const sold = context.soldCents[i]!;
    if (spent || sold) await sink.row(table, [context.idOf(KIND.user, i), spent, sold]);
  }
  await sink.query(sql`UPDATE users u SET amount_spent_cents = t.spent, amount_sold_cents = t.sold
                         FROM seed_user_totals t WHERE u.id = t.id`);
}

/**
 * What a bulk load sets aside and puts back: the seeded tables' indexes that back no constraint
 * and their foreign keys (each rebuilt or validated once over the loaded rows instead of row by
 * row), and their triggers (the kept totals are counted afresh at the end instead).
 */
/** An index as pg_catalog prints it (no table of ours has these columns). */
const SET_ASIDE_INDEX = z.object({ name: z.string(), definition: z.string() });
const SET_ASIDE_FOREIGN_KEY = SET_ASIDE_INDEX.extend({ table: z.string() });

interface SetAside {
  indexes: z.output<typeof SET_ASIDE_INDEX>[];
  foreignKeys: z.output<typeof SET_ASIDE_FOREIGN_KEY>[];
}

const seededTableList = () =>
  sql.join(
    SEEDED_TABLES.map((name) => sql`${name}`),
    sql`, `,
  );

async function setAside(sink: SeedSink): Promise<SetAside> {
  const indexes = await sink.rows(
    SET_ASIDE_INDEX,
    sql`SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
         WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN (${seededTableList()})
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
         ORDER BY 1`,
  );
  const foreignKeys = await sink.rows(
    SET_ASIDE_FOREIGN_KEY,
    sql`SELECT quote_ident(c.relname) AS table, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
         WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace AND c.relname IN (${seededTableList()})
         ORDER BY 1, 2`,
  );
  for (const key of foreignKeys) await sink.query(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`));
  for (const index of indexes) await sink.query(sql.raw(`DROP INDEX ${index.name}`));
  for (const table of SEEDED_TABLES) await sink.query(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  return { indexes, foreignKeys };
}

/**
 * The searched names the list tables keep for themselves (migrations 0075–0077), written by
 * triggers the load set aside: filled set-based, before the indexes are rebuilt over them.
 */
const SEARCH_NAME_FILLS = ['fill_order_search_names', 'fill_rating_search_names', 'fill_conversation_search_names'];

/**
 * The tables a live market appends in time order, and the bulk load does not: the ones it rewrites
 * after loading them (the users it gave totals, the rows whose searched names it fills), and the
 * ones it writes seller by seller (listings) or chat by chat (chat messages). Rewritten rows
 * leave the heap scattered and its first half empty: page 5,000 of the users list switched
 * visibility-map pages on every other entry (25,000 buffers instead of 400; 16 backends pinning
 * the same few map pages in turn ran the skip at a ninth of the rate), and a count's sequential
 * scan that started in the empty half read 60,000 empty pages (150–700 ms) before its first row.
 * A search walks a list's newest rows first (term-probe.ts): out of time order, each row it
 * read was on a page of its own (1,793 buffers for 1,762 active listings).
 */
const TIME_ORDERED_TABLES = ['users', 'listings', 'orders', 'ratings', 'auction_messages', 'chats', 'chat_messages'];

/**
 * Runs each put-back step, telling `progress` of every one that took over SLOW_STEP_MS: the
 * rebuild is most of a large seed's time, and these lines say where it goes.
 */
const SLOW_STEP_MS = 5000;

async function putBack(
  sink: SeedSink,
  { indexes, foreignKeys }: SetAside,
  progress: (step: string) => void,
): Promise<void> {
  const step = async (name: string, statement: string) => {
    const started = Date.now();
    await sink.query(sql.raw(statement));
    const took = Date.now() - started;
    if (took >= SLOW_STEP_MS) progress(`  ${name}: ${(took / 1000).toFixed(1)} s`);
  };
  await sink.query(sql`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const fill of SEARCH_NAME_FILLS) await step(fill, `SELECT ${fill}()`);
  // Each table in time order, as a live market has it, once its rows are final: CLUSTER on a
  // throwaway (created_at, id) index (the lists' indexes are partial, which CLUSTER refuses)
  // while the other indexes are set aside, so it rebuilds only the keys' indexes.
  for (const table of TIME_ORDERED_TABLES) {
    await step(`${table} in time order`, `CREATE INDEX seed_time_order ON ${table} (created_at, id)`);
    await step(`${table} clustered`, `CLUSTER ${table} USING seed_time_order`);
    await sink.query(sql.raw(`DROP INDEX seed_time_order`));
  }
  for (const index of indexes) await step(index.name, index.definition);
  for (const key of foreignKeys) {
    await step(key.name, `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
  }
  for (const table of SEEDED_TABLES) await sink.query(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  await step('list totals', 'SELECT recount_list_totals()');
  await step('market days', 'SELECT recount_market_days()');
}

export async function seedMarketplace(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? 1;
  const now = (options.now ?? new Date()).getTime();
  const run = async (sink: SeedSink, rebuild: boolean) => {
    const asides = rebuild ? await setAside(sink) : null;
    const context = seedContext(seed, now, options.users, sink);
    const progress = options.progress ?? (() => undefined);
    const { orders, chatMessages } = await seedAll(context, (step) => progress(step));
    await sink.flush();
    progress('loaded');
    if (asides) {
      await putBack(sink, asides, progress);
      progress(`${asides.indexes.length} indexes rebuilt, ${asides.foreignKeys.length} foreign keys validated`);
    }
    return {
      users: options.users,
      listings: context.listingCount,
      orders,
      chatMessages,
      rows: Object.fromEntries(sink.counts),
    };
  };

  const client = await pooledPgClient(db);
  if (!client) return db.transaction(async (tx) => run(seedSink({ executor: tx }), false));
  try {
    await client.query('BEGIN');
    const bulk = options.bulkLoad ?? options.users >= 50_000;
    const summary = await run(seedSink({ client }), bulk);
    await client.query('COMMIT');
    // Fresh statistics, so the first requests are planned for the large database it now is, and
    // the visibility map set, so a page's ids come from index-only scans from the first request
    // on rather than once autovacuum gets round to it (about 20 s at a million users).
    if (bulk) {
      const started = Date.now();
      await client.query('VACUUM (ANALYZE)');
      options.progress?.(`vacuumed and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return summary;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

if (process.argv[1]?.replace(/\\/g, '/').endsWith('server/seeding/seed.ts')) {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await migrate(database);
    if (await isSeeded(database.db)) {
      console.log('The database already has users; not seeding again.');
    } else {
      const started = Date.now();
      const progress = (step: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${step}`);
      const summary = await seedMarketplace(database.db, {
        users: argValue('users', 300),
        seed: argValue('seed', 1),
        progress,
      });
      console.log('Seeded in', `${((Date.now() - started) / 1000).toFixed(1)} s`, summary);
    }
  } finally {
    await database.close();
  }
}
