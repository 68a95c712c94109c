// Order fulfilment after payment: the seller's shipping manager, printing a label, marking the
// parcel shipped, and the carrier's tracking updates up to delivery. Every move is checked
// against the transition table (shared/rules/order-transitions.ts) in one short transaction
// that holds the order's row lock, tells the buyer (an orderStatusUpdate notification) and,
// after commit, both user rooms (the orderStatusUpdate event).
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShippingManager } from '../../../shared/contract/market/fulfilment.js';
import type { LabelSize, OrderStatus, ShippingManagerSection } from '../../../shared/contract/enums.js';
import { SHIPPING_MANAGER_SECTIONS } from '../../../shared/contract/enums.js';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import { buyerStatusLabel, shippingManagerSection } from '../../../shared/rules/order-status.js';
import { type OrderActor, transitionRefusal } from '../../../shared/rules/order-transitions.js';
import type { Executor } from '../../platform/db/database.js';
import { countValue, readRows } from '../../platform/db/sql-row.js';
import { callersOr404, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { type LabelResult, LabelsUnavailableError } from './labels.js';
import { currentAddress } from '../accounts/index.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { FulfilmentPorts } from './ports.js';
import type { PaymentPorts } from '../payments/index.js';
import { marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { notify } from '../notifications/index.js';
import {
  type OrderRow,
  SELECT_ORDER,
  SELLER_ORDER_ROW,
  type SellerOrder,
  sellerOrderOf,
  type ShippingChange,
  writeShippingStatus,
} from '../orders/index.js';

/** Orders of one status: the status as SELECT_ORDER's row checks it. */
const STATUS_COUNT = SELLER_ORDER_ROW.pick({ status: true }).extend({ count: countValue });

/** The most orders one shipping-manager call lists; the counts are always complete. */
const SECTION_LIMIT = 100;

/** The seller's orders in the four shipping-manager sections, each with its full count. */
export async function shippingManager(db: Executor, sellerId: string): Promise<z.output<typeof ShippingManager>> {
  const counts = await readRows(
    db,
    STATUS_COUNT,
    sql`SELECT status, count(*) AS count FROM orders WHERE seller_id = ${sellerId} AND deleted_at IS NULL
        GROUP BY status`,
  );
  const rows = await readRows(
    db,
    SELLER_ORDER_ROW,
    sql`${SELECT_ORDER} WHERE o.seller_id = ${sellerId} AND o.deleted_at IS NULL
        AND o.status NOT IN ('Pending', 'PAYMENT_FAILED', 'cancelled')
        ORDER BY o.created_at DESC, o.id DESC LIMIT ${SECTION_LIMIT * 8}`,
  );
  const sections = Object.fromEntries(
    SHIPPING_MANAGER_SECTIONS.map((section) => [section, { count: 0, items: [] as SellerOrder[] }]),
  ) as Record<ShippingManagerSection, { count: number; items: SellerOrder[] }>;
  for (const { status, count } of counts) {
    const section = shippingManagerSection(status);
    if (section) sections[section].count += Number(count);
  }
  for (const row of rows) {
    const section = shippingManagerSection(row.status);
    if (section && sections[section].items.length < SECTION_LIMIT) sections[section].items.push(sellerOrderOf(row));
  }
  return sections;
}

async function lockOrder(tx: Executor, where: SQL, what = 'Order'): Promise<OrderRow> {
  const [row] = await readRows(
    tx,
    SELLER_ORDER_ROW,
    sql`${SELECT_ORDER} ${where} AND o.deleted_at IS NULL FOR UPDATE OF o`,
  );
  if (!row) throw notFound(what);
  return row;
}

/** The seller's own order; another seller's (or the buyer's view of it) answers as an unknown id. */
function requireSeller(order: OrderRow, sellerId: string): void {
  callersOr404(order, (row) => row.seller_id === sellerId, 'Order');
}

function refuseUnless(order: OrderRow, to: OrderStatus, actor: OrderActor): void {
  const refusal = transitionRefusal(order.status, to, actor);
  if (refusal) throw conflict(refusal);
}

/**
 * Writes the new status (with what the step records) and tells the buyer; answers the order as it
 * now is and the events to publish after commit.
 */
async function moveOrder(
  tx: Executor,
  order: OrderRow,
  to: OrderStatus,
  change: ShippingChange,
): Promise<{ order: OrderRow; events: PendingEvent[] }> {
  await writeShippingStatus(tx, order.id, to, change);
  const [moved] = await readRows(tx, SELLER_ORDER_ROW, sql`${SELECT_ORDER} WHERE o.id = ${order.id}`);
  await notify(tx, order.buyer_id, 'orderStatusUpdate', `${order.title}: ${buyerStatusLabel(to)}`, {
    orderId: order.id,
    status: to,
  });
  const payload = { orderId: order.id, listingId: order.listing_id, status: to, trackingCode: moved!.tracking_code };
  const events = [marketEvent('orderStatusUpdate', [userRoom(order.buyer_id), userRoom(order.seller_id)], payload)];
  return { order: moved!, events };
}

const OUNCES_PER_POUND = 16;

/**
 * The seller prints the order's shipping label: from their return address to the buyer's
 * default address, through the label provider, while the order's lock is held, so one order
 * never gets two labels. A refusal by the provider is recorded (SHIPPING_LABEL_FAILED with its
 * reason, committed) and answered 409 with the reason (a 5xx body would hide it).
 */
export async function generateShippingLabel(
  deps: ServiceDeps<FulfilmentPorts>,
  orderId: string,
  sellerId: string,
  size: LabelSize,
) {
  const { labels } = deps;
  // A refused label is committed (and its events published) before the 409 is thrown.
  const { result, failure } = await inUnitOfWork(deps, async (tx, outbox) => {
    const order = await lockOrder(tx, sql`WHERE o.id = ${orderId}`);
    requireSeller(order, sellerId);
    if (order.status === 'SHIPPING_LABEL_PRINTED')
      throw conflict('A shipping label was already printed for this order');
    refuseUnless(order, 'SHIPPING_LABEL_PRINTED', 'seller');
    const from = await currentAddress(tx, order.seller_id, 'RETURN_ADDRESS');
    if (!from) throw conflict('Add a return address to your shipping information before printing a label');
    const to = await currentAddress(tx, order.buyer_id, 'DEFAULT');
    if (!to) throw conflict('The buyer has no default shipping address yet: a label cannot be printed');
    const weightOz = order.mass_unit === 'lbs' ? order.weight * OUNCES_PER_POUND : order.weight;
    let label: LabelResult;
    try {
      label = await labels.createLabel({ orderId, size, from, to, weightOz });
    } catch (error) {
      // No carrier at all is not the carrier refusing this parcel: nothing is recorded (as for SMS).
      if (error instanceof LabelsUnavailableError) throw new HttpError(503, error.message);
      label = { ok: false, reason: 'The label provider did not answer; try again later' };
    }
    if (!label.ok) {
      const moved = await moveOrder(tx, order, 'SHIPPING_LABEL_FAILED', { labelFailure: label.reason });
      const failed = marketEvent('orderDocumentsFailed', [userRoom(order.seller_id)], { id: orderId, url: null });
      outbox.add(...moved.events, failed);
      return { result: sellerOrderOf(moved.order), failure: label.reason };
    }
    const moved = await moveOrder(tx, order, 'SHIPPING_LABEL_PRINTED', {
      label: { trackingCode: label.trackingCode, size, url: label.url },
    });
    const generated = marketEvent('shippingLabelGenerated', [userRoom(order.seller_id)], { orderId, url: label.url });
    outbox.add(generated, ...moved.events);
    return { result: sellerOrderOf(moved.order), failure: null };
  });
  if (failure !== null) throw conflict(`The shipping label could not be created: ${failure}`);
  return result;
}

/** The seller hands the parcel over (with the printed label, or a label of their own). */
export async function markShipped(deps: ServiceDeps, orderId: string, sellerId: string) {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const order = await lockOrder(tx, sql`WHERE o.id = ${orderId}`);
    requireSeller(order, sellerId);
    refuseUnless(order, 'SHIPPING_MARKED_SHIPPED', 'seller');
    const moved = await moveOrder(tx, order, 'SHIPPING_MARKED_SHIPPED', { shipped: 'now' });
    outbox.add(...moved.events);
    return sellerOrderOf(moved.order);
  });
}

/** The statuses a carrier tracking update may report. */
export type CarrierReport = Exclude<
  OrderStatus,
  'Pending' | 'PAYMENT_CONFIRMED' | 'PAYMENT_FAILED' | 'SHIPPING_LABEL_PRINTED' | 'SHIPPING_LABEL_FAILED'
>;

/**
 * A carrier's tracking update for the parcel with `trackingCode` (there is no carrier here: an
 * admin posts it, or the simulator through an admin). Delivered stamps `delivered_at`; any scan
 * stamps `shipped_at` if the seller never marked the parcel shipped.
 */
export async function applyTrackingUpdate(
  deps: ServiceDeps<Pick<PaymentPorts, 'payments'>>,
  trackingCode: string,
  status: OrderStatus,
) {
  return inUnitOfWork(deps, async (tx, outbox) => {
    const order = await lockOrder(tx, sql`WHERE o.tracking_code = ${trackingCode}`, 'Tracking code');
    refuseUnless(order, status, 'carrier');
    const moved = await moveOrder(tx, order, status, {
      shipped: 'unlessShipped',
      // Delivered: the seller's payout is released and transferred in this transaction.
      ...(status === 'SHIPPING_DELIVERED' ? { delivered: { transfers: deps.payments } } : {}),
    });
    outbox.add(...moved.events);
    return sellerOrderOf(moved.order);
  });
}
