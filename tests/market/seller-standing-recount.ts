// The property behind the kept seller standing: after any mix of orders (paid or not), payments,
// shipments, cancels, deletes, order issues upheld or dismissed, disputes (opened, lost, won,
// reopened by a late event) and ratings, (1) every kept day
// bucket (seller_standing_days, migration 0101) equals its recount from the base tables, and (2)
// the standing read from the buckets equals the standing recounted from every order (the pure
// rules over all of them), now and 7 days ahead. Times cluster around the window's edges (90 and
// 365 days back, and those less the 7 days of the projection) and the shipping deadline, so the
// days read order by order and the SQL late rule are exercised. Run on both drivers by
// seller-standing.suite.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { recountedSellerStandingOf, sellerStandingOf } from '../../server/modules/seller-standing/standing.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days back, often on an edge of a window judged now or a week ahead. */
const daysBack = fc.oneof(
  fc.constantFrom(0, 1, 3, 83, 89, 90, 91, 358, 364, 365, 366),
  fc.integer({ min: 0, max: 400 }),
);
const offsetMs = fc.oneof(fc.constantFrom(-1000, 0, 1000), fc.integer({ min: -DAY_MS, max: DAY_MS }));
const pick = fc.nat();

type Step =
  | {
      kind: 'order';
      seller: number;
      days: number;
      offset: number;
      paid: boolean;
      payHours: number;
      shipHours: number | null;
    }
  | { kind: 'pay'; pick: number; hours: number }
  | { kind: 'ship'; pick: number; hours: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'deleteOrder'; pick: number }
  | { kind: 'issue'; pick: number; outcome: 'refunded' | 'dismissed' | null }
  | { kind: 'reopenIssue'; pick: number }
  | { kind: 'dispute'; pick: number; status: DisputeStatus }
  | { kind: 'closeDispute'; pick: number; status: DisputeStatus }
  | { kind: 'rating'; seller: number; days: number; offset: number; rate: number }
  | { kind: 'deleteRating'; pick: number };

const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost', 'warning_closed'] as const;
type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      seller: pick,
      days: daysBack,
      offset: offsetMs,
      paid: fc.boolean(),
      payHours: fc.integer({ min: 0, max: 30 }),
      // Shipped on one of the days around the deadline (3 to 5 business days), at an hour's edge.
      shipHours: fc.option(
        fc.tuple(fc.integer({ min: 0, max: 8 }), fc.constantFrom(0, 1, 23)).map(([days, hours]) => days * 24 + hours),
        { nil: null },
      ),
    }),
  },
  fc.record({ kind: fc.constant('pay' as const), pick, hours: fc.integer({ min: 0, max: 48 }) }),
  fc.record({ kind: fc.constant('ship' as const), pick, hours: fc.integer({ min: 0, max: 24 * 9 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick }),
  fc.record({ kind: fc.constant('deleteOrder' as const), pick }),
  fc.record({
    kind: fc.constant('issue' as const),
    pick,
    outcome: fc.constantFrom('refunded' as const, 'dismissed' as const, null),
  }),
  fc.record({ kind: fc.constant('reopenIssue' as const), pick }),
  fc.record({ kind: fc.constant('dispute' as const), pick, status: fc.constantFrom(...DISPUTE_STATUSES) }),
  fc.record({ kind: fc.constant('closeDispute' as const), pick, status: fc.constantFrom(...DISPUTE_STATUSES) }),
  fc.record({
    kind: fc.constant('rating' as const),
    seller: pick,
    days: daysBack,
    offset: offsetMs,
    rate: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('deleteRating' as const), pick }),
);

async function one(database: Database, query: ReturnType<typeof sql>, index: number): Promise<string | null> {
  const found = (await queryRows<{ id: string }>(database.db, query)).map((row) => row.id);
  return found.length ? found[index % found.length]! : null;
}

async function run(database: Database, sellers: string[], buyerId: string, nowMs: number, s: Step) {
  const mine = sql.join(
    sellers.map((id) => sql`${id}`),
    sql`, `,
  );
  const order = (index: number, extra = sql`TRUE`) =>
    one(database, sql`SELECT id FROM orders WHERE seller_id IN (${mine}) AND ${extra} ORDER BY id`, index);
  const db = database.db;
  switch (s.kind) {
    case 'order': {
      const sellerId = sellers[s.seller % sellers.length]!;
      const createdAt = new Date(nowMs - s.days * DAY_MS + s.offset);
      const paidAt = new Date(createdAt.getTime() + s.payHours * HOUR_MS);
      const shippedAt = s.shipHours === null ? null : new Date(paidAt.getTime() + s.shipHours * HOUR_MS);
      await db.transaction(async (tx) => {
        const [listing] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
              VALUES (${sellerId}, 'Recount lot', 'default', 1000, 'sold') RETURNING id`,
        );
        const [placed] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at, shipped_at)
              VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 1000, 'Paid', ${createdAt}, ${shippedAt}) RETURNING id`,
        );
        await tx.execute(
          sql`INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
              VALUES (${placed!.id}, 'order_payment', ${s.paid ? 'succeeded' : 'failed'}, 1000, ${paidAt})`,
        );
      });
      return;
    }
    case 'pay': {
      const id = await order(s.pick);
      if (!id) return;
      await db.execute(
        sql`INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
            SELECT id, 'order_payment', 'succeeded', 1000, created_at + ${`${s.hours} hours`}::interval
              FROM orders WHERE id = ${id}`,
      );
      return;
    }
    case 'ship': {
      const id = await order(s.pick, sql`shipped_at IS NULL`);
      if (!id) return;
      await db.execute(
        sql`UPDATE orders SET shipped_at = created_at + ${`${s.hours} hours`}::interval, status = 'Shipped'
             WHERE id = ${id}`,
      );
      return;
    }
    case 'cancel': {
      const id = await order(s.pick, sql`status <> 'cancelled'`);
      if (id) await db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${id}`);
      return;
    }
    case 'deleteOrder': {
      const id = await order(s.pick, sql`deleted_at IS NULL`);
      if (id) await db.execute(sql`UPDATE orders SET deleted_at = now() WHERE id = ${id}`);
      return;
    }
    case 'issue': {
      const id = await order(s.pick);
      if (!id) return;
      await db.execute(
        sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, status, outcome, resolved_at)
            VALUES ('orderIssue', 'order', ${id}, 'normal', 'Item not received',
                    ${s.outcome === null ? 'open' : 'resolved'}, ${s.outcome}, ${s.outcome === null ? null : new Date()})
            ON CONFLICT DO NOTHING`,
      );
      return;
    }
    case 'reopenIssue': {
      const id = await one(
        database,
        sql`SELECT c.id FROM review_cases c JOIN orders o ON o.id = c.subject_id
             WHERE c.source = 'orderIssue' AND c.status = 'resolved' AND o.seller_id IN (${mine})
               AND NOT EXISTS (SELECT 1 FROM review_cases u WHERE u.source = c.source AND u.subject_type = c.subject_type
                                  AND u.subject_id = c.subject_id AND u.status <> 'resolved')
             ORDER BY c.id`,
        s.pick,
      );
      if (id)
        await db.execute(
          sql`UPDATE review_cases SET status = 'open', outcome = NULL, resolved_at = NULL WHERE id = ${id}`,
        );
      return;
    }
    case 'dispute': {
      // A chargeback on one of the orders, opened in any state (a first event may already close it).
      const id = await order(s.pick);
      if (!id) return;
      await db.execute(
        sql`INSERT INTO disputes (id, order_id, seller_id, charge_id, status, reason, amount_cents, evidence_due_by)
            SELECT ${`dp_${randomUUID().slice(0, 12)}`}, id, seller_id, 'ch_recount', ${s.status}, 'fraudulent',
                   price_cents, now() + interval '7 days'
              FROM orders WHERE id = ${id}`,
      );
      return;
    }
    case 'closeDispute': {
      // Stripe's later event: lost, won, or back under review.
      const id = await one(database, sql`SELECT id FROM disputes WHERE seller_id IN (${mine}) ORDER BY id`, s.pick);
      if (id) await db.execute(sql`UPDATE disputes SET status = ${s.status}, updated_at = now() WHERE id = ${id}`);
      return;
    }
    case 'rating': {
      const sellerId = sellers[s.seller % sellers.length]!;
      await db.execute(
        sql`INSERT INTO ratings (seller_id, buyer_id, rate, created_at)
            VALUES (${sellerId}, ${buyerId}, ${s.rate}, ${new Date(nowMs - s.days * DAY_MS + s.offset)})`,
      );
      return;
    }
    case 'deleteRating': {
      const id = await one(
        database,
        sql`SELECT id FROM ratings WHERE seller_id IN (${mine}) AND deleted_at IS NULL ORDER BY id`,
        s.pick,
      );
      if (id) await db.execute(sql`UPDATE ratings SET deleted_at = now() WHERE id = ${id}`);
      return;
    }
  }
}

/** The sellers' kept buckets and their recounts, as comparable lines. */
export async function keptAndRecountedDays(database: Database, sellers: string[]) {
  const mine = sql.join(
    sellers.map((id) => sql`${id}`),
    sql`, `,
  );
  const line = sql`seller_id || ' ' || day::text || ' ' || orders || '/' || defects || '/' || shipped_late || '/' ||
    unshipped || '/' || coalesce(unshipped_late_from_min::text, '-') || '/' || coalesce(unshipped_late_from_max::text, '-')
    || '/' || rating_sum || '/' || rating_count AS line`;
  const kept = await queryRows<{ line: string }>(
    database.db,
    sql`SELECT ${line} FROM seller_standing_days WHERE seller_id IN (${mine}) ORDER BY 1`,
  );
  const recounted = await queryRows<{ line: string }>(
    database.db,
    sql`SELECT ${line} FROM (
          SELECT d.seller_id, d.day, r.*
            FROM (SELECT DISTINCT seller_id, (created_at AT TIME ZONE 'UTC')::date AS day FROM orders
                   WHERE seller_id IN (${mine}) AND deleted_at IS NULL
                  UNION
                  SELECT DISTINCT seller_id, (created_at AT TIME ZONE 'UTC')::date FROM ratings
                   WHERE seller_id IN (${mine}) AND deleted_at IS NULL) d
            CROSS JOIN LATERAL seller_standing_day_recount(d.seller_id, d.day) r) b ORDER BY 1`,
  );
  return { kept: kept.map((row) => row.line), recounted: recounted.map((row) => row.line) };
}

/** Runs the property: `runs` histories, each on two fresh sellers. */
export async function checkStandingRecount(database: Database, buyerId: string, runs: number) {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
      const sellers: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const tag = `sr${randomUUID().slice(0, 12)}`;
        const [row] = await queryRows<{ id: string }>(
          database.db,
          sql`INSERT INTO users (firebase_id, email, user_name) VALUES (${tag}, ${`${tag}@market.test`}, ${tag}) RETURNING id`,
        );
        sellers.push(row!.id);
      }
      const nowMs = Date.now();
      for (const each of steps) await run(database, sellers, buyerId, nowMs, each);
      const days = await keptAndRecountedDays(database, sellers);
      if (JSON.stringify(days.kept) !== JSON.stringify(days.recounted))
        throw new Error(`kept buckets differ from their recount: ${JSON.stringify(days)}`);
      for (const sellerId of sellers) {
        const kept = await sellerStandingOf(database.db, sellerId, nowMs);
        const recounted = await recountedSellerStandingOf(database.db, sellerId, nowMs);
        if (JSON.stringify(kept) !== JSON.stringify(recounted))
          throw new Error(
            `kept standing ${JSON.stringify(kept)} differs from the recount ${JSON.stringify(recounted)}`,
          );
      }
    }),
    { numRuns: runs },
  );
}
