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
import { openDatabase, pooledPgClient, type Db } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { seedContext, KIND, type SeedContext } from './seed-context.js';
import { seedChats, seedFollows, seedNotifications } from './seed-conversations.js';
import { seedListings } from './seed-listings.js';
import { seedOrders } from './seed-orders.js';
import { seedCatalogue, seedUsers } from './seed-people.js';
import { seedSink, type SeedSink } from './seed-sink.js';
import { finishPutBack, putBackPending, recordPutBack, setAside } from './seed-put-back.js';
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
  /** Told when each topic is written and each slow put-back step done (the command line prints it). */
  progress?: (step: string) => void;
  /**
   * Told the name of each put-back step once it is done. A test stops the put-back midway through
   * it, as a killed seed would stop, to show the next run finishes it.
   */
  stepDone?: (step: string) => void;
}

export interface SeedSummary {
  users: number;
  listings: number;
  orders: number;
  chatMessages: number;
  /** Rows written per table. */
  rows: Record<string, number>;
}

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

export async function seedMarketplace(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? 1;
  const now = (options.now ?? new Date()).getTime();
  const progress = options.progress ?? (() => undefined);
  const run = async (sink: SeedSink, rebuild: boolean) => {
    const asides = rebuild ? await setAside(sink) : null;
    const context = seedContext(seed, now, options.users, sink);
    const { orders, chatMessages } = await seedAll(context, progress);
    await sink.flush();
    progress('loaded');
    if (asides) {
      const steps = await recordPutBack(sink, asides);
      progress(
        `${asides.indexes.length} indexes, ${asides.foreignKeys.length} foreign keys: ${steps} steps to put back`,
      );
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
  const bulk = options.bulkLoad ?? options.users >= 50_000;
  let summary: SeedSummary;
  try {
    await client.query('BEGIN');
    summary = await run(seedSink({ client }), bulk);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // The rows are committed with the steps that put the indexes back: those run on two
  // connections (seed-put-back.ts), and a seed stopped among them is finished by the next run.
  if (bulk) {
    const started = Date.now();
    await finishPutBack(db, progress, options.stepDone);
    progress(`put back in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return summary;
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
    const started = Date.now();
    const progress = (step: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${step}`);
    if (await putBackPending(database.db)) {
      console.log("An earlier seed's rows are here, its indexes not all back: putting them back.");
      await finishPutBack(database.db, progress);
      console.log('Put back in', `${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else if (await isSeeded(database.db)) {
      console.log('The database already has users; not seeding again.');
    } else {
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
