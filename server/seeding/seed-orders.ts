// The seeder's orders, streamed with their payments, payouts (released or pending), refunds and ratings. Each order buys
// a random listing from its seller; what buyers spent and sellers received is summed per user in
// the context, for the users' totals at the end.
import {
  CARRIER_TRACKING_STATUSES,
  CORE_ORDER_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  REFUND_REASONS,
} from '../../shared/contract/enums.js';
import { payoutCents } from '../../shared/rules/money.js';
import { payoutDueAtMs, payoutReleaseDue, pendingPayoutCents } from '../../shared/rules/payout-release.js';
import { RATING_LINES } from './seed-words.js';
import { DAY, KIND, searchNames, timesOf, type SeedContext } from './seed-context.js';
import { listingTitle } from './seed-listings.js';
import { userEmail, userName } from './seed-people.js';
import type { SeedTable } from './seed-sink.js';

const ORDER_TABLE: SeedTable = {
  name: 'orders',
  columns: [
    'id',
    'listing_id',
    'seller_id',
    'buyer_id',
    'price_cents',
    'shipping_price_cents',
    'status',
    'tracking_code',
    'created_at',
    'shipped_at',
    'delivered_at',
    'payout_cents',
    'payout_released_at',
    'search_names',
  ],
};
const TRANSACTION_TABLE: SeedTable = {
  name: 'transactions',
  columns: [
    'id',
    'order_id',
    'type',
    'status',
    'amount_cents',
    'external_id',
    'refund_reason',
    'refund_date',
    'created_at',
  ],
};
const RATING_TABLE: SeedTable = {
  name: 'ratings',
  columns: ['id', 'order_id', 'buyer_id', 'seller_id', 'rate', 'experience', 'created_at', 'search_names'],
};

const STATUSES = [
  ...CORE_ORDER_STATUSES,
  'SHIPPING_DELIVERED',
  'SHIPPING_DELIVERED',
  'PAYMENT_CONFIRMED',
  ...CARRIER_TRACKING_STATUSES.slice(0, 4),
  ...EXCEPTION_ORDER_STATUSES.slice(0, 3),
] as const;
const UNSHIPPED = new Set<string>(['Pending', 'PAYMENT_CONFIRMED', 'PAYMENT_FAILED', 'cancelled']);

/** `at`, or now when that is later than now (a recent order's shipping cannot be in the future). */
const notAfter = (at: number, now: number): Date => new Date(Math.min(at, now));

/** About 0.8 orders per user. */
export async function seedOrders(context: SeedContext): Promise<number> {
  const random = context.randomFor(KIND.order);
  const { recentOr } = timesOf(random, context.now);
  const { sink } = context;
  let written = 0;
  if (context.listingCount === 0 || context.buyers.length === 0) return 0;
  const orderCount = Math.max(1, Math.round(context.users * 0.8));
  for (let i = 0; i < orderCount; i++) {
    const listing = random.int(0, context.listingCount - 1);
    const sellerIndex = context.listingSeller[listing]!;
    const buyerIndex = random.pick(context.buyers);
    if (buyerIndex === sellerIndex) continue;
    const sellerId = context.idOf(KIND.user, sellerIndex);
    const buyerId = context.idOf(KIND.user, buyerIndex);
    const priceCents = context.listingPriceCents[listing]!;
    const shippingCents = context.listingShippingCents[listing]!;
    const status = random.pick(STATUSES);
    const createdAt = recentOr(90);
    const id = context.nextId(KIND.order);
    const trackingCode = UNSHIPPED.has(status)
      ? null
      : `9400${String(random.int(1e9, 9e9))}${String(random.int(1e9, 9e9))}`;
    const paidCents = priceCents + shippingCents;
    const paymentFailed = status === 'PAYMENT_FAILED';
    const paymentId = `pi_${random.uuid().slice(0, 20)}`;
    // Shipped a day after the order, delivered two days later; a seller's payout is released the
    // way payout-release.ts releases it (on delivery, or 7 days after shipping), so a seeded
    // order's payout is released when its time has come and pending otherwise.
    const shippedAt = UNSHIPPED.has(status) ? null : notAfter(createdAt.getTime() + DAY, context.now);
    const deliveredAt = status === 'SHIPPING_DELIVERED' ? notAfter(createdAt.getTime() + 3 * DAY, context.now) : null;
    // The same draws, in the same order, as before payouts waited: the rest of the data stays as it was.
    const counted = !paymentFailed && (status === 'SHIPPING_DELIVERED' || status === 'Shipped' || random.chance(0.2));
    const ok = counted ? random.chance(0.9) : true;
    const refundCents =
      !paymentFailed && paidCents > 100 && random.chance(0.12) ? random.int(1, Math.floor(paidCents / 2)) : 0;
    const sellerShare = payoutCents(priceCents, context.sellerFee[sellerIndex]!);
    // What the payment confirmed for the seller (orders.ts): shipping passes through, the fee is on the price.
    const payout = paymentFailed ? null : sellerShare + shippingCents;
    const facts = {
      payoutCents: payout,
      releasedAtMs: null,
      heldAtMs: null,
      shippedAtMs: shippedAt?.getTime() ?? null,
      deliveredAtMs: deliveredAt?.getTime() ?? null,
      cancelled: status === 'cancelled',
      // Levels are settled after the load (seller-levels.ts): the seeded history is released by the plain rule.
      holdDays: 0,
      ledger: [],
    };
    const releasedAt = payoutReleaseDue(facts, context.now) ? new Date(payoutDueAtMs(facts)!) : null;
    await sink.row(ORDER_TABLE, [
      id,
      context.idOf(KIND.listing, listing),
      sellerId,
      buyerId,
      priceCents,
      shippingCents,
      status,
      trackingCode,
      createdAt,
      shippedAt,
      deliveredAt,
      payout,
      releasedAt,
      searchNames(
        listingTitle(context, listing),
        userName(context, sellerIndex),
        userEmail(context, sellerIndex),
        userName(context, buyerIndex),
        userEmail(context, buyerIndex),
      ),
    ]);
    written++;
    await sink.row(TRANSACTION_TABLE, [
      context.nextId(KIND.transaction),
      id,
      'order_payment',
      paymentFailed ? 'failed' : 'succeeded',
      paidCents,
      paymentId,
      null,
      null,
      createdAt,
    ]);
    if (paymentFailed) continue;
    context.spentCents[buyerIndex]! += paidCents;
    if (counted && ok) context.soldCents[sellerIndex]! += sellerShare;
    const refundAt = new Date(createdAt.getTime() + 2 * DAY);
    if (releasedAt !== null) {
      // The refund came before the release: the payout is what was left of it.
      const refundedBefore = refundCents > 0 && refundAt <= releasedAt ? refundCents : 0;
      await sink.row(TRANSACTION_TABLE, [
        context.nextId(KIND.transaction),
        id,
        'order_payout',
        ok ? 'succeeded' : 'failed',
        pendingPayoutCents(payout!, [{ type: 'admin_refund', status: 'succeeded', amountCents: refundedBefore }]),
        null,
        null,
        null,
        releasedAt,
      ]);
    }
    if (refundCents > 0) {
      await sink.row(TRANSACTION_TABLE, [
        context.nextId(KIND.transaction),
        id,
        'admin_refund',
        'succeeded',
        refundCents,
        null,
        random.pick(REFUND_REASONS),
        refundAt,
        refundAt,
      ]);
    }
    if (random.chance(0.4)) {
      await sink.row(RATING_TABLE, [
        context.nextId(KIND.rating),
        id,
        buyerId,
        sellerId,
        random.chance(0.9) ? random.int(1, 5) : null,
        random.pick(RATING_LINES),
        new Date(createdAt.getTime() + 3 * DAY),
        searchNames(
          userName(context, sellerIndex),
          userEmail(context, sellerIndex),
          userName(context, buyerIndex),
          userEmail(context, buyerIndex),
        ),
      ]);
    }
  }
  return written;
}
