// The auction closing worker. Every node may run one: each due auction (or giveaway) is claimed
// with `FOR UPDATE SKIP LOCKED` inside the transaction that ends it, so two nodes never end the
// same one, and a node skips what another is closing (or what a bid is holding) instead of
// waiting. An ended listing is no longer `active`, so nothing ends twice. A listing an admin holds
// is not closed (nor told it ends soon) until the hold is released (listing-holds.ts).
//
// Auctions: the leader wins at the current price; their order is charged at once
// (PAYMENT_CONFIRMED, or PAYMENT_FAILED with a strike on the buyer). Giveaways: one entry is
// drawn uniformly at random (crypto), the winner gets a free order and a giveawayWinner
// auction message. On the same tick: the bidders of auctions ending within
// AUCTION_ENDING_SOON_WINDOW_MS get one `auctionEndingSoon` notification per auction, and pending
// offers past their expiry become EXPIRED, and sellers' payouts that came due are released.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listingRoom, userRoom } from '../../../shared/contract/realtime-events.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { bids, giveawayEntries, listings } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { addGiveawayMessage, auctionMessageItem } from '../conversations/index.js';
import { endListing, markEndingSoonNotified } from '../listings/index.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from '../payments/index.js';
import { adminEvent, marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';
import { notify, notifyEach } from '../notifications/index.js';
import { createOrder, expireOffers, orderIdOf, releaseDuePayouts } from '../orders/index.js';
import { ladderReviewsOf } from './ladder-reviews.js';

export interface ClosedListing {
  listingId: string;
  listingType: 'auction' | 'giveaway';
  winnerId: string | null;
  orderId: string | null;
  orderStatus: 'PAYMENT_CONFIRMED' | 'PAYMENT_FAILED' | null;
}

const DUE_ROW = sqlRow(
  listings,
  'id',
  'user_id',
  'bid_cents',
  'leader_id',
  'shipping_type',
  'shipping_price_cents',
).extend({
  /** The query's WHERE keeps only these two. */
  listing_type: z.enum(['auction', 'giveaway']),
});
type DueRow = z.output<typeof DUE_ROW>;

/** An auction ending soon: its `end_time` is set (the query's WHERE compares it). */
const ENDING_SOON_ROW = sqlRow(listings, 'id', 'title').extend({ end_time: z.union([z.date(), z.string()]) });

async function closeAuction(
  tx: Executor,
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  row: DueRow,
  events: PendingEvent[],
): Promise<ClosedListing> {
  let winnerId = row.leader_id;
  if (winnerId === null && row.bid_cents !== null) {
    // Bids from before the proxy columns existed (seeded data): the highest maximum, earliest first.
    const [top] = await readRows(
      tx,
      sqlRow(bids, 'user_id'),
      sql`SELECT user_id FROM bids WHERE listing_id = ${row.id} AND voided_at IS NULL
          ORDER BY max_bid_cents DESC, created_at, id LIMIT 1`,
    );
    winnerId = top?.user_id ?? null;
  }
  if (winnerId === null || row.bid_cents === null) {
    await endListing(tx, row.id, 'auction_ended');
    await notify(tx, row.user_id, 'auctionEnded', 'Your auction ended without bids', { listingId: row.id });
    events.push(
      marketEvent('auctionEnded', [listingRoom(row.id)], {
        listingId: row.id,
        winnerId: null,
        finalPrice: null,
        orderId: null,
      }),
    );
    return { listingId: row.id, listingType: 'auction', winnerId: null, orderId: null, orderStatus: null };
  }
  const priceCents = Number(row.bid_cents);
  const order = await createOrder(
    tx,
    deps.charges,
    {
      // One order per close, however often a rolled-back close is retried: one charge.
      orderId: orderIdOf(`auction:${row.id}`),
      listingId: row.id,
      sellerId: row.user_id,
      buyerId: winnerId,
      priceCents,
      shippingPriceCents: row.shipping_type === 'buyer_pays' ? Number(row.shipping_price_cents) : 0,
    },
    'auction',
  );
  await endListing(tx, row.id, 'sold');
  await notify(tx, winnerId, 'auctionWon', 'You won an auction', { listingId: row.id, orderId: order.orderId });
  await notify(tx, row.user_id, 'auctionEnded', 'Your auction ended', { listingId: row.id, orderId: order.orderId });
  events.push(
    marketEvent('auctionEnded', [listingRoom(row.id), userRoom(winnerId), userRoom(row.user_id)], {
      listingId: row.id,
      winnerId,
      finalPrice: centsToUsd(priceCents),
      orderId: order.orderId,
    }),
    ...order.events,
  );
  return { listingId: row.id, listingType: 'auction', winnerId, orderId: order.orderId, orderStatus: order.status };
}

async function closeGiveaway(tx: Executor, row: DueRow, events: PendingEvent[]): Promise<ClosedListing> {
  const [counted] = await readRows(
    tx,
    z.object({ count: countValue }),
    sql`SELECT count(*) AS count FROM giveaway_entries WHERE listing_id = ${row.id}`,
  );
  const entries = Number(counted?.count ?? 0);
  if (entries === 0) {
    await endListing(tx, row.id, 'auction_ended');
    events.push(marketEvent('giveawayEnded', [listingRoom(row.id)], { listingId: row.id, winnerId: null }));
    return { listingId: row.id, listingType: 'giveaway', winnerId: null, orderId: null, orderStatus: null };
  }
  // Uniform over the entries: a crypto-random offset into a stable order.
  const [drawn] = await readRows(
    tx,
    sqlRow(giveawayEntries, 'user_id'),
    sql`SELECT user_id FROM giveaway_entries WHERE listing_id = ${row.id}
        ORDER BY id OFFSET ${randomInt(entries)} LIMIT 1`,
  );
  const winnerId = drawn!.user_id;
  const messageId = await addGiveawayMessage(tx, { listingId: row.id, userId: winnerId, type: 'giveawayWinner' });
  const order = await createOrder(
    tx,
    { charge: async () => ({ status: 'succeeded', externalId: null }) },
    {
      listingId: row.id,
      sellerId: row.user_id,
      buyerId: winnerId,
      priceCents: 0,
      shippingPriceCents: 0,
    },
    'giveaway',
  );
  await endListing(tx, row.id, 'sold');
  await notify(tx, winnerId, 'giveawayWon', 'You won a giveaway', { listingId: row.id, orderId: order.orderId });
  events.push(
    marketEvent('giveawayEnded', [listingRoom(row.id), userRoom(winnerId)], { listingId: row.id, winnerId }),
    adminEvent('giveawayEnded', await auctionMessageItem(tx, messageId)),
  );
  return { listingId: row.id, listingType: 'giveaway', winnerId, orderId: order.orderId, orderStatus: order.status };
}

/** Ends at most `limit` due listings, one transaction each; answers what it ended. */
export async function closeDueListings(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  limit = 50,
  onError: (error: unknown, listingId: string) => void = () => undefined,
): Promise<ClosedListing[]> {
  const closed: ClosedListing[] = [];
  // A listing whose close failed (a deadlock, a payment provider down) rolls back and is left
  // for the next pass, so one bad listing never holds up the others.
  const failed: string[] = [];
  while (closed.length < limit) {
    const now = new Date(nowOf(deps));
    let claimed: string | null = null;
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const [row] = await readRows(
          tx,
          DUE_ROW,
          sql`SELECT id, user_id, listing_type, bid_cents, leader_id, shipping_type, shipping_price_cents
              FROM listings
              WHERE status = 'active' AND deleted_at IS NULL AND listing_type IN ('auction', 'giveaway')
                AND end_time <= ${now} AND held_at IS NULL
                ${
                  failed.length > 0
                    ? sql`AND id NOT IN (${sql.join(
                        failed.map((id) => sql`${id}`),
                        sql`, `,
                      )})`
                    : sql``
                }
              ORDER BY end_time
              LIMIT 1
              FOR UPDATE SKIP LOCKED`,
        );
        if (!row) return null;
        claimed = row.id;
        const events: PendingEvent[] = [];
        const result =
          row.listing_type === 'auction'
            ? await closeAuction(tx, deps, row, events)
            : await closeGiveaway(tx, row, events);
        return { result, events };
      });
      if (outcome === null) break;
      deps.events.publish(outcome.events);
      closed.push(outcome.result);
      // The closed auction's whole ladder is scored once more, after any review of its bids still
      // running (ladder-reviews.ts); a failure there is reported, never a reason to close again.
      if (outcome.result.listingType === 'auction') {
        await ladderReviewsOf(deps.db)
          .closed(deps, outcome.result.listingId)
          .catch((error: unknown) => onError(error, outcome.result.listingId));
      }
    } catch (error) {
      if (claimed === null) throw error;
      failed.push(claimed);
      onError(error, claimed);
    }
  }
  return closed;
}

/** How long before its end an auction's bidders get the `auctionEndingSoon` notification. */
export const AUCTION_ENDING_SOON_WINDOW_MS = 15 * 60_000;

export interface EndingSoonNotice {
  listingId: string;
  /** How many distinct bidders were notified. */
  bidders: number;
}

/**
 * Tells every bidder of an auction that ends within `windowMs` that it ends soon — once per
 * auction: the listing is claimed (`FOR UPDATE SKIP LOCKED`, like a close) and stamped
 * `ending_soon_notified_at` in the transaction that writes the notifications, so two nodes never
 * both send it. An auction is only claimed once it has a bid; whoever bids after the notice
 * still sees the end time on the listing and hears `listingEndTimeIncremented` if it moves.
 */
export async function notifyAuctionsEndingSoon(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  windowMs = AUCTION_ENDING_SOON_WINDOW_MS,
  limit = 50,
): Promise<EndingSoonNotice[]> {
  const notices: EndingSoonNotice[] = [];
  while (notices.length < limit) {
    const now = nowOf(deps);
    const notice = await deps.db.transaction(async (tx) => {
      const [row] = await readRows(
        tx,
        ENDING_SOON_ROW,
        sql`SELECT id, title, end_time FROM listings
            WHERE status = 'active' AND deleted_at IS NULL AND listing_type = 'auction'
              AND ending_soon_notified_at IS NULL AND bid_cents IS NOT NULL AND held_at IS NULL
              AND end_time > ${new Date(now)} AND end_time <= ${new Date(now + windowMs)}
            ORDER BY end_time
            LIMIT 1
            FOR UPDATE SKIP LOCKED`,
      );
      if (!row) return null;
      await markEndingSoonNotified(tx, row.id, new Date(now));
      const data = { listingId: row.id, endTime: String(new Date(row.end_time).getTime()) };
      const notified = await notifyEach(
        tx,
        sql`SELECT DISTINCT user_id FROM bids WHERE listing_id = ${row.id} AND voided_at IS NULL`,
        'auctionEndingSoon',
        `Ending soon: ${row.title}`,
        data,
      );
      return { listingId: row.id, bidders: notified.length };
    });
    if (notice === null) break;
    notices.push(notice);
  }
  return notices;
}

export interface AuctionCloser {
  /** One pass now (also what the timer runs). */
  tick(): Promise<ClosedListing[]>;
  stop(): Promise<void>;
}

/** Runs `closeDueListings` every `intervalMs` until stopped; a failing pass is reported, not fatal. */
export function startAuctionCloser(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges' | 'payments'>>,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): AuctionCloser {
  const intervalMs = options.intervalMs ?? 1_000;
  let running: Promise<ClosedListing[]> | null = null;
  let stopped = false;
  const tick = () => {
    running ??= (async () => {
      try {
        const closed = await closeDueListings(deps, 50, (error) => options.onError?.(error));
        await notifyAuctionsEndingSoon(deps);
        await expireOffers(deps);
        await releaseDuePayouts(deps);
        return closed;
      } catch (error) {
        options.onError?.(error);
        return [];
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
