// The property behind market health: after any mix of writes, refunds, cancels and deletes (soft
// and hard, some rolled back), every kept day counter (market_days, migration 0030) equals a
// recount from the base tables (market_days_recount(), the definition the triggers keep).
// Writes are plain SQL with chosen timestamps, as the services write them, so days and UTC
// midnights are exercised; run on both drivers by market-health-*.test.ts.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows, type Database } from '../../server/platform/db/database.js';

const DAY_MS = 86_400_000;
const BASE = Date.parse('2026-03-01T00:00:00Z');

/** A moment in one of five days, often a second either side of a UTC midnight. */
const moment = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.oneof(fc.constant(0), fc.constant(DAY_MS - 1000), fc.nat(DAY_MS - 1)))
  .map(([day, ms]) => new Date(BASE + day * DAY_MS + ms));
const pick = fc.nat();

type Step =
  | { kind: 'user'; at: Date; guest: boolean }
  | { kind: 'deleteUser'; pick: number; hard: boolean }
  | { kind: 'registerGuest'; pick: number }
  | { kind: 'listing'; at: Date; draft: boolean; pick: number }
  | { kind: 'publish'; pick: number }
  | { kind: 'deleteListing'; pick: number; hard: boolean }
  | { kind: 'bids'; at: Date; count: number; pick: number }
  | { kind: 'deleteBid'; pick: number }
  | { kind: 'order'; at: Date; paidAt: Date; paid: boolean; cents: number; pick: number }
  | { kind: 'refund'; pick: number; at: Date; cents: number; failed: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'deleteOrder'; pick: number; hard: boolean }
  | { kind: 'openCase'; at: Date }
  | { kind: 'resolveCase'; pick: number; at: Date }
  | { kind: 'reopenCase'; pick: number }
  | { kind: 'rolledBack'; at: Date };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), at: moment, guest: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteUser' as const), pick, hard: fc.boolean() }),
  fc.record({ kind: fc.constant('registerGuest' as const), pick }),
  fc.record({ kind: fc.constant('listing' as const), at: moment, draft: fc.boolean(), pick }),
  fc.record({ kind: fc.constant('publish' as const), pick }),
  fc.record({ kind: fc.constant('deleteListing' as const), pick, hard: fc.boolean() }),
  fc.record({ kind: fc.constant('bids' as const), at: moment, count: fc.integer({ min: 1, max: 4 }), pick }),
  fc.record({ kind: fc.constant('deleteBid' as const), pick }),
  fc.record({
    kind: fc.constant('order' as const),
    at: moment,
    paidAt: moment,
    paid: fc.boolean(),
    cents: fc.integer({ min: 0, max: 500_000 }),
    pick,
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick,
    at: moment,
    cents: fc.integer({ min: 1, max: 50_000 }),
    failed: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick }),
  fc.record({ kind: fc.constant('deleteOrder' as const), pick, hard: fc.boolean() }),
  fc.record({ kind: fc.constant('openCase' as const), at: moment }),
  fc.record({ kind: fc.constant('resolveCase' as const), pick, at: moment }),
  fc.record({ kind: fc.constant('reopenCase' as const), pick }),
  fc.record({ kind: fc.constant('rolledBack' as const), at: moment }),
);

async function ids(database: Database, query: SQL): Promise<string[]> {
  return (await queryRows<{ id: string }>(database.db, query)).map((row) => row.id);
}

async function one(database: Database, query: SQL, index: number): Promise<string | null> {
  const found = await ids(database, query);
  return found.length ? found[index % found.length]! : null;
}

const RolledBack = new Error('rolled back on purpose');

/** Runs one step in a transaction of its own; a hard delete a foreign key refuses rolls back. */
async function run(database: Database, s: Step): Promise<void> {
  const user = (index: number) => one(database, sql`SELECT id FROM users ORDER BY id`, index);
  const listing = (index: number) =>
    one(database, sql`SELECT id FROM listings WHERE deleted_at IS NULL ORDER BY id`, index);
  const write = async (
    statements: (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => Promise<void>,
  ) => {
    try {
      await database.db.transaction(statements);
    } catch (error) {
      // A foreign key (23503) refusing a hard delete, or the rolled-back step: nothing happened.
      const failed = error as { code?: string; cause?: { code?: string } };
      if (error !== RolledBack && (failed.code ?? failed.cause?.code) !== '23503') throw error;
    }
  };
  switch (s.kind) {
    case 'user': {
      const tag = `p${randomUUID().slice(0, 12)}`;
      return write(async (tx) => {
        await tx.execute(sql`INSERT INTO users (firebase_id, email, user_name, is_guest, created_at)
                             VALUES (${tag}, ${`${tag}@market.test`}, ${tag}, ${s.guest}, ${s.at})`);
      });
    }
    case 'deleteUser': {
      const id = await one(database, sql`SELECT id FROM users ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(
          s.hard
            ? sql`DELETE FROM users WHERE id = ${id}`
            : sql`UPDATE users SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`,
        );
      });
    }
    case 'registerGuest': {
      const id = await one(database, sql`SELECT id FROM users WHERE is_guest ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`UPDATE users SET is_guest = false WHERE id = ${id}`);
      });
    }
    case 'listing': {
      const seller = await user(s.pick);
      if (!seller) return;
      return write(async (tx) => {
        await tx.execute(sql`INSERT INTO listings (user_id, title, listing_type, status, starting_bid_cents, created_at)
                             VALUES (${seller}, 'Lot', 'auction', ${s.draft ? 'draft' : 'active'}, 100, ${s.at})`);
      });
    }
    case 'publish': {
      const id = await one(database, sql`SELECT id FROM listings WHERE status = 'draft' ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`UPDATE listings SET status = 'active' WHERE id = ${id}`);
      });
    }
    case 'deleteListing': {
      const id = await one(database, sql`SELECT id FROM listings ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(
          s.hard
            ? sql`DELETE FROM listings WHERE id = ${id}`
            : sql`UPDATE listings SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`,
        );
      });
    }
    case 'bids': {
      const [on, bidder] = [await listing(s.pick), await user(s.pick >> 3)];
      if (!on || !bidder) return;
      // Several rows in one statement, a second apart: one statement can span a midnight.
      const rows = Array.from(
        { length: s.count },
        (_, index) =>
          sql`(${on}, ${bidder}, ${100 + index}, ${100 + index}, ${new Date(s.at.getTime() + index * 1000)})`,
      );
      return write(async (tx) => {
        await tx.execute(
          sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents, created_at) VALUES ${sql.join(rows, sql`, `)}`,
        );
      });
    }
    case 'deleteBid': {
      const id = await one(database, sql`SELECT id FROM bids ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`DELETE FROM bids WHERE id = ${id}`);
      });
    }
    case 'order': {
      const [on, buyer] = [await listing(s.pick), await user(s.pick >> 3)];
      if (!on || !buyer) return;
      return write(async (tx) => {
        // As the payment's settlement: the payment and the order's move in one statement.
        await tx.execute(sql`
          WITH placed AS (
            INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
            SELECT ${on}, user_id, ${buyer}, ${s.cents}, 'Pending', ${s.at} FROM listings WHERE id = ${on}
            RETURNING id
          )
          INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
          SELECT id, 'order_payment', ${s.paid ? 'succeeded' : 'failed'}, ${s.cents}, ${s.paidAt} FROM placed`);
      });
    }
    case 'refund': {
      const id = await one(database, sql`SELECT id FROM orders ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`INSERT INTO transactions (order_id, type, status, amount_cents, refund_date, created_at)
                             VALUES (${id}, 'admin_refund', ${s.failed ? 'failed' : 'succeeded'}, ${s.cents}, ${s.at}, ${s.at})`);
      });
    }
    case 'cancel': {
      const id = await one(database, sql`SELECT id FROM orders WHERE status <> 'cancelled' ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`UPDATE orders SET status = 'cancelled', updated_at = now() WHERE id = ${id}`);
      });
    }
    case 'deleteOrder': {
      const id = await one(database, sql`SELECT id FROM orders ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        if (s.hard) {
          await tx.execute(sql`DELETE FROM transactions WHERE order_id = ${id}`);
          await tx.execute(sql`DELETE FROM orders WHERE id = ${id}`);
        } else {
          await tx.execute(sql`UPDATE orders SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`);
        }
      });
    }
    case 'openCase':
      return write(async (tx) => {
        await tx.execute(sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, created_at)
                             VALUES ('listingReport', 'listing', ${randomUUID()}, 'normal', 'spam', ${s.at})`);
      });
    case 'resolveCase': {
      const id = await one(database, sql`SELECT id FROM review_cases WHERE status <> 'resolved' ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`UPDATE review_cases SET status = 'resolved', resolved_at = ${s.at} WHERE id = ${id}`);
      });
    }
    case 'reopenCase': {
      const id = await one(database, sql`SELECT id FROM review_cases WHERE status = 'resolved' ORDER BY id`, s.pick);
      if (!id) return;
      return write(async (tx) => {
        await tx.execute(sql`UPDATE review_cases SET status = 'open', resolved_at = NULL WHERE id = ${id}`);
      });
    }
    case 'rolledBack':
      // A sale, a bid and a sign-up in a transaction that then fails: none of it may count.
      return write(async (tx) => {
        const tag = `r${randomUUID().slice(0, 12)}`;
        await tx.execute(sql`INSERT INTO users (firebase_id, email, user_name, created_at)
                             VALUES (${tag}, ${`${tag}@market.test`}, ${tag}, ${s.at})`);
        await tx.execute(sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, created_at)
                             VALUES ('listingReport', 'listing', ${randomUUID()}, 'normal', 'spam', ${s.at})`);
        throw RolledBack;
      });
  }
}

const COUNTERS = sql`sum(gmv_cents)::text AS gmv, sum(orders)::text AS orders, sum(bids)::text AS bids,
  sum(new_users)::text AS new_users, sum(new_listings)::text AS new_listings, sum(refunds_cents)::text AS refunds,
  sum(cases_opened)::text AS opened, sum(cases_resolved)::text AS resolved`;

/** Kept and recounted, one row per day that has anything, in day order. */
export async function keptAndRecounted(database: Database) {
  const nonZero = (rows: Record<string, string>[]) =>
    rows.filter((row) => Object.entries(row).some(([key, value]) => key !== 'day' && value !== '0'));
  const kept = await queryRows<Record<string, string>>(
    database.db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${COUNTERS} FROM market_days GROUP BY day ORDER BY day`,
  );
  const recounted = await queryRows<Record<string, string>>(
    database.db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${COUNTERS} FROM market_days_recount() GROUP BY day ORDER BY day`,
  );
  return { kept: nonZero(kept), recounted: nonZero(recounted) };
}

/** Runs `runs` random mixes of steps; after each, every kept counter equals its recount. */
export async function checkRecount(database: Database, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
      for (const s of steps) await run(database, s);
      const { kept, recounted } = await keptAndRecounted(database);
      if (JSON.stringify(kept) !== JSON.stringify(recounted)) {
        throw new Error(`kept ${JSON.stringify(kept)}\nrecounted ${JSON.stringify(recounted)}`);
      }
    }),
    { numRuns: runs },
  );
}
