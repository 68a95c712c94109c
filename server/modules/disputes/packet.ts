// An order's dispute as the back office reads it: the row Stripe's events keep, and the evidence
// packet assembled from our own records (rules/evidence-packet.ts decides what goes in it). Reads
// across areas by SQL (ARCHITECTURE.md, "Reads across areas"): the order and its shipment, the
// chats between buyer and seller, the listing's bids, the buyer's sign-in IPs and devices.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DISPUTE_STATUSES, type OrderDispute } from '../../../shared/contract/admin-dispute-routes.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { bids, chatMessages, deviceTokenHolders, disputes, orders, signInIps } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { HttpError, notFound } from '../../platform/http/errors.js';
import { currentAddress } from '../accounts/index.js';
import { type DisputeFacts, evidencePacketOf, PACKET_LIST_MAX } from './rules/evidence-packet.js';

export const DISPUTE_ROW = sqlRow(
  disputes,
  'id',
  'order_id',
  'reason',
  'amount_cents',
  'evidence_due_by',
  'closed_at',
  'submitted_at',
  'submission_note',
).extend({ status: z.enum(DISPUTE_STATUSES) });
export type DisputeRow = z.output<typeof DISPUTE_ROW>;

const dateOf = (value: Date | string) => new Date(value);

/**
 * The order's dispute row (its latest, should a charge be disputed twice), `FOR UPDATE` when
 * `locked`. 404 for an unknown or deleted order and for an order without a dispute.
 */
export async function disputeRowOf(tx: Executor, orderId: string, locked = false): Promise<DisputeRow> {
  const [order] = await readRows(
    tx,
    sqlRow(orders, 'id'),
    sql`SELECT id FROM orders WHERE id = ${orderId} AND deleted_at IS NULL`,
  );
  if (!order) throw notFound('Order');
  const [row] = await readRows(
    tx,
    DISPUTE_ROW,
    sql`SELECT id, order_id, status, reason, amount_cents, evidence_due_by, closed_at, submitted_at, submission_note
        FROM disputes WHERE order_id = ${orderId} ORDER BY created_at DESC, id DESC LIMIT 1
        ${locked ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new HttpError(404, 'This order has no dispute');
  return row;
}

/** What our records hold about the disputed order (evidence-packet.ts turns it into the packet). */
export async function disputeFactsOf(tx: Executor, orderId: string): Promise<DisputeFacts> {
  const [order] = await readRows(
    tx,
    sqlRow(orders, 'buyer_id', 'seller_id', 'listing_id', 'tracking_code', 'shipped_at', 'delivered_at'),
    sql`SELECT buyer_id, seller_id, listing_id, tracking_code, shipped_at, delivered_at FROM orders WHERE id = ${orderId}`,
  );
  if (!order) throw notFound('Order');
  const { buyer_id: buyerId, seller_id: sellerId } = order;
  // One after the other: inside a transaction a connection runs one statement at a time.
  const address = await currentAddress(tx, buyerId, 'DEFAULT');
  const messages = await readRows(
    tx,
    sqlRow(chatMessages, 'user_id', 'message', 'created_at'),
    sql`SELECT m.user_id, m.message, m.created_at FROM chat_messages m JOIN chats c ON c.id = m.chat_id
          WHERE ((c.user_id = ${buyerId} AND c.other_user_id = ${sellerId})
              OR (c.user_id = ${sellerId} AND c.other_user_id = ${buyerId}))
            AND m.deleted_at IS NULL
          ORDER BY m.created_at DESC, m.id DESC LIMIT ${PACKET_LIST_MAX}`,
  );
  const bidRows = await readRows(
    tx,
    sqlRow(bids, 'user_id', 'amount_cents', 'created_at', 'voided_at'),
    sql`SELECT user_id, amount_cents, created_at, voided_at FROM bids WHERE listing_id = ${order.listing_id}
          ORDER BY created_at DESC, id DESC LIMIT ${PACKET_LIST_MAX}`,
  );
  const ipRows = await readRows(
    tx,
    sqlRow(signInIps, 'ip', 'created_at'),
    sql`SELECT ip, created_at FROM sign_in_ips WHERE user_id = ${buyerId}
          ORDER BY created_at DESC, id DESC LIMIT ${PACKET_LIST_MAX}`,
  );
  const deviceRows = await readRows(
    tx,
    sqlRow(deviceTokenHolders, 'token', 'last_seen_at'),
    sql`SELECT token, last_seen_at FROM device_token_holders WHERE user_id = ${buyerId}
          ORDER BY last_seen_at DESC, token LIMIT ${PACKET_LIST_MAX}`,
  );
  return {
    buyerId,
    sellerId,
    trackingCode: order.tracking_code,
    shippedAt: order.shipped_at === null ? null : dateOf(order.shipped_at),
    deliveredAt: order.delivered_at === null ? null : dateOf(order.delivered_at),
    shippingAddress: address
      ? [address.addressLineOne, address.addressLineTwo, address.city, `${address.state} ${address.zipCode}`]
          .filter((part) => part)
          .join(', ')
      : null,
    messages: messages.map((m) => ({ at: dateOf(m.created_at), authorId: m.user_id, text: m.message })),
    bids: bidRows.map((b) => ({
      at: dateOf(b.created_at),
      amountCents: Number(b.amount_cents),
      bidderId: b.user_id,
      voided: b.voided_at !== null,
    })),
    ips: ipRows.map((row) => ({ ip: row.ip, at: dateOf(row.created_at) })),
    devices: deviceRows.map((row) => ({ token: row.token, lastSeenAt: dateOf(row.last_seen_at) })),
  };
}

/** The dispute in the contract's shape, with its packet. */
export async function orderDisputeOf(tx: Executor, row: DisputeRow): Promise<OrderDispute> {
  return {
    id: row.id,
    orderId: row.order_id,
    status: row.status,
    reason: row.reason,
    amount: centsToUsd(Number(row.amount_cents)),
    dueBy: isoOf(row.evidence_due_by),
    evidence: evidencePacketOf(await disputeFactsOf(tx, row.order_id)),
    submittedAt: isoOrNull(row.submitted_at),
    submissionNote: row.submission_note,
  };
}
