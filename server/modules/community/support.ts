// Customer-support requests of a signed-in user, about an order of theirs or in general; each opens
// (or joins) a case in the support queue.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SupportRequest } from '../../../shared/contract/market/community.js';
import type { Executor } from '../../platform/db/database.js';
import { customerSupportRequests, orders } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { callersOr404 } from '../../platform/http/errors.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { supportRequestSent } from './hooks.js';

const ORDER_PARTIES = sqlRow(orders, 'buyer_id', 'seller_id');
const REQUEST_WRITTEN = sqlRow(customerSupportRequests, 'id', 'created_at');

export async function createSupportRequest(
  db: Executor,
  userId: string,
  request: { message: string; orderId?: string | undefined; issue?: string | undefined },
  outbox: Outbox,
): Promise<z.output<typeof SupportRequest>> {
  if (request.orderId) {
    const [order] = await readRows(
      db,
      ORDER_PARTIES,
      sql`SELECT buyer_id, seller_id FROM orders WHERE id = ${request.orderId} AND deleted_at IS NULL`,
    );
    callersOr404(order, (row) => row.buyer_id === userId || row.seller_id === userId, 'Order');
  }
  const [row] = await readRows(
    db,
    REQUEST_WRITTEN,
    sql`INSERT INTO customer_support_requests (user_id, order_id, issue, message)
        VALUES (${userId}, ${request.orderId ?? null}, ${request.issue ?? null}, ${request.message}) RETURNING id, created_at`,
  );
  await supportRequestSent.fire(db, outbox, {
    id: row!.id,
    userId,
    orderId: request.orderId ?? null,
    issue: request.issue ?? null,
    message: request.message,
  });
  return {
    id: row!.id,
    orderId: request.orderId ?? null,
    issue: request.issue ?? null,
    message: request.message,
    status: 'PENDING' as const,
    createdAt: isoOf(row!.created_at),
  };
}
