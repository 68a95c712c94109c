// A demo chargeback, so the review queue shows a dispute case with its evidence packet on the first
// `npm start`: a shipped, paid order's buyer disputes it with their bank. The dispute comes in the
// way Stripe's `charge.dispute.created` does (the disputes area's own `recordChargeDispute`, which
// opens the case through trust and safety's subscription), due a week from now. A short chat
// between the buyer and the seller is added when they have none, so the packet has a transcript.
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { chats, disputes, orders, transactions } from '../platform/db/schema/index.js';
import { readRows, sqlRow } from '../platform/db/sql-row.js';
import { inUnitOfWork } from '../platform/events/unit-of-work.js';
import { recordChargeDispute } from '../modules/disputes/index.js';
// The dispute's case is opened by trust and safety's subscription: load it.
import '../module-hooks.js';

const DAY_MS = 86_400_000;

export async function seedDemoDispute(db: Db): Promise<{ disputes: number }> {
  if ((await readRows(db, sqlRow(disputes, 'id'), sql`SELECT id FROM disputes LIMIT 1`)).length > 0) {
    return { disputes: 0 };
  }
  const [order] = await readRows(
    db,
    sqlRow(orders, 'id', 'buyer_id', 'seller_id', 'price_cents').extend({
      payment_id: sqlRow(transactions, 'id').shape.id,
      external_id: sqlRow(transactions, 'external_id').shape.external_id,
    }),
    sql`SELECT o.id, o.buyer_id, o.seller_id, o.price_cents, t.id AS payment_id, t.external_id
        FROM orders o JOIN transactions t ON t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded'
        WHERE o.shipped_at IS NOT NULL AND o.deleted_at IS NULL AND o.status <> 'cancelled'
        ORDER BY o.created_at DESC, o.id LIMIT 1`,
  );
  if (!order) return { disputes: 0 };
  const paymentId = order.external_id ?? `pi_demo_${order.id.replaceAll('-', '').slice(0, 20)}`;
  if (order.external_id === null) {
    await db.execute(sql`UPDATE transactions SET external_id = ${paymentId} WHERE id = ${order.payment_id}`);
  }
  await addDemoChat(db, order.buyer_id, order.seller_id);
  const noEvents = { publish: () => undefined };
  await inUnitOfWork({ db, events: noEvents }, (tx, outbox) =>
    recordChargeDispute(tx, outbox, {
      dispute: {
        change: 'created',
        id: 'dp_demo_1',
        chargeId: `ch_demo_${order.id.replaceAll('-', '').slice(0, 20)}`,
        paymentIntentId: paymentId,
        status: 'needs_response',
        reason: 'product_not_received',
        amountCents: Number(order.price_cents),
        evidenceDueBy: new Date(Date.now() + 8 * DAY_MS),
      },
      noteOutcome: () => undefined,
    }),
  );
  return { disputes: 1 };
}

async function addDemoChat(db: Db, buyerId: string, sellerId: string): Promise<void> {
  const [chat] = await readRows(
    db,
    sqlRow(chats, 'id'),
    sql`SELECT id FROM chats WHERE (user_id = ${buyerId} AND other_user_id = ${sellerId})
                                OR (user_id = ${sellerId} AND other_user_id = ${buyerId}) LIMIT 1`,
  );
  if (chat) return;
  const [made] = await readRows(
    db,
    sqlRow(chats, 'id'),
    sql`INSERT INTO chats (user_id, other_user_id, last_message) VALUES (${buyerId}, ${sellerId}, 'It arrived, thanks!')
        RETURNING id`,
  );
  await db.execute(
    sql`INSERT INTO chat_messages (chat_id, user_id, message, created_at) VALUES
          (${made!.id}, ${buyerId}, 'Hi! Could you ship it this week?', now() - interval '9 days'),
          (${made!.id}, ${sellerId}, 'Sure, it goes out tomorrow with tracking.', now() - interval '9 days' + interval '2 hours'),
          (${made!.id}, ${buyerId}, 'It arrived, thanks!', now() - interval '4 days')`,
  );
}
