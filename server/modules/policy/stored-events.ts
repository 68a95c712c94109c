// The stored events rules judge, read one way for both the live path (one event, by id, right after
// its commit) and the backtest (every event of a window, streamed from a cursor in the order of the
// created_at index): one SELECT per event kind and one function from its row to the rule's
// variables, so a backtest replays exactly what live evaluation saw. A listing's events are its
// creation and each of its seller's edits the listing versions kept (migration 0100): the listing as
// it read at that moment is its row with the later versions' changes undone, so a backtest sees the
// title an edit wrote even after the seller changed it again.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import type { PolicyEvent } from '../../../shared/contract/policy.js';
import type { ReviewSubjectType } from '../../../shared/contract/review-cases.js';
import type { StoredBid } from '../auctions/index.js';
import type { StoredMessage } from '../conversations/index.js';
import {
  bidVariable,
  listingVariable,
  messageVariable,
  orderVariable,
  signUpVariable,
  type ActorFacts,
} from './rules/event-context.js';
import type { CelRecord } from './rules/rule-language.js';

const epochMs = z.union([z.number(), z.string()]).transform(Number);

export const StoredEventRow = z.object({
  id: z.string(),
  actor_id: z.string(),
  at_ms: epochMs,
  listing_id: z.string().nullable(),
  /** bid and order (an order's amount is its total: price and shipping) */
  seller_id: z.string().nullable(),
  amount_cents: epochMs.nullable(),
  max_cents: epochMs.nullable(),
  seq: z.number().nullable(),
  end_ms: epochMs.nullable(),
  voided: z.boolean(),
  /** message */
  text: z.string().nullable(),
  kind: z.enum(['chat', 'auction']).nullable(),
  /** listing (its price is amount_cents) */
  title: z.string().nullable(),
  description: z.string().nullable(),
  listing_type: z.string().nullable(),
  change: z.enum(['created', 'edited']).nullable(),
  bid_count: epochMs.nullable(),
});
export type StoredEventRow = z.output<typeof StoredEventRow>;

/** Every event kind is read from what it stored (live after the commit, and backtests). */
export type StoredEvent = PolicyEvent;

/** A timestamp in whole epoch ms, truncated as the pg driver reads it (a message's `atMs`). */
const ms = (column: SQL) => sql`floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/** The stored events of one kind, narrowed by `where` over the alias `e` (created_at, id). */
export function storedEventsQuery(event: StoredEvent, where: (createdAt: SQL, id: SQL) => SQL): SQL {
  if (event === 'bid') {
    return sql`SELECT b.id, b.user_id AS actor_id, ${ms(sql`b.created_at`)} AS at_ms, b.listing_id, l.user_id AS seller_id,
                      b.amount_cents, b.max_bid_cents AS max_cents, b.seq, ${ms(sql`l.end_time`)} AS end_ms,
                      b.voided_at IS NOT NULL AS voided, NULL::text AS text, NULL::text AS kind, ${NO_LISTING}
                 FROM bids b JOIN listings l ON l.id = b.listing_id
                WHERE ${where(sql`b.created_at`, sql`b.id`)}
                ORDER BY b.created_at, b.id`;
  }
  if (event === 'order') {
    // An order is an event once paid: a declined card's order stays on record but was answered 402.
    return sql`SELECT o.id, o.buyer_id AS actor_id, ${ms(sql`o.created_at`)} AS at_ms, o.listing_id, o.seller_id,
                      o.price_cents + o.shipping_price_cents AS amount_cents, NULL::bigint AS max_cents, NULL::int AS seq,
                      NULL::bigint AS end_ms, false AS voided, NULL::text AS text, NULL::text AS kind, ${NO_LISTING}
                 FROM orders o
                WHERE ${where(sql`o.created_at`, sql`o.id`)}
                  AND EXISTS (SELECT 1 FROM transactions t
                               WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded')
                ORDER BY o.created_at, o.id`;
  }
  if (event === 'listing') return listingEventsQuery(where);
  if (event === 'signUp') {
    // The registration: the account accepted the terms (accounts' POST /user); its email is the actor's.
    return sql`SELECT u.id, u.id AS actor_id, ${ms(sql`u.accepted_terms_at`)} AS at_ms, NULL::text AS listing_id,
                      NULL::text AS seller_id, NULL::bigint AS amount_cents, NULL::bigint AS max_cents, NULL::int AS seq,
                      NULL::bigint AS end_ms, false AS voided, NULL::text AS text, NULL::text AS kind, ${NO_LISTING}
                 FROM users u
                WHERE u.accepted_terms_at IS NOT NULL AND ${where(sql`u.accepted_terms_at`, sql`u.id`)}
                ORDER BY u.accepted_terms_at, u.id`;
  }
  return sql`SELECT * FROM (
               SELECT m.id, m.user_id AS actor_id, ${ms(sql`m.created_at`)} AS at_ms, NULL::text AS listing_id,
                      NULL::text AS seller_id, NULL::bigint AS amount_cents, NULL::bigint AS max_cents, NULL::int AS seq,
                      NULL::bigint AS end_ms, false AS voided, m.message AS text, 'chat' AS kind, ${NO_LISTING},
                      m.created_at
                 FROM chat_messages m WHERE ${where(sql`m.created_at`, sql`m.id`)}
               UNION ALL
               SELECT a.id, a.user_id, ${ms(sql`a.created_at`)}, a.listing_id, NULL, NULL, NULL, NULL, NULL, false,
                      a.text, 'auction', ${NO_LISTING}, a.created_at
                 FROM auction_messages a WHERE a.type = 'text' AND ${where(sql`a.created_at`, sql`a.id`)}
             ) e ORDER BY e.created_at, e.id`;
}

/**
 * A bid's row as the bid query above reads it, from what its transaction wrote (auctions'
 * `StoredBid`): the live path judges a bid without reading it back, and sees what a backtest will.
 */
export const storedBidRow = (bid: StoredBid): StoredEventRow => ({
  id: bid.bidId,
  actor_id: bid.bidderId,
  at_ms: bid.placedAtMs,
  listing_id: bid.listingId,
  seller_id: bid.sellerId,
  amount_cents: bid.amountCents,
  max_cents: bid.maxCents,
  seq: bid.seq,
  end_ms: bid.endTimeMs,
  voided: false,
  text: null,
  kind: null,
  title: null,
  description: null,
  listing_type: null,
  change: null,
  bid_count: null,
});

/**
 * A message's row as the message query above reads it, from what its route stored
 * (conversations' `StoredMessage`): judged without reading it back, as a backtest will see it.
 */
export const storedMessageRow = (message: StoredMessage): StoredEventRow => ({
  id: message.id,
  actor_id: message.senderId,
  at_ms: message.atMs,
  listing_id: message.listingId,
  seller_id: null,
  amount_cents: null,
  max_cents: null,
  seq: null,
  end_ms: null,
  voided: false,
  text: message.text,
  kind: message.kind,
  title: null,
  description: null,
  listing_type: null,
  change: null,
  bid_count: null,
});

/** The listing columns of the other event kinds. */
const NO_LISTING = sql`NULL::text AS title, NULL::text AS description, NULL::text AS listing_type, NULL::text AS change,
                       NULL::bigint AS bid_count`;

/**
 * A listing field as it read at an event: the `before` of the first later version that changed it,
 * else the listing's value now. `later` narrows the versions (all of them for the creation).
 */
const fieldAt = (field: string, now: SQL, later: SQL) =>
  sql`(coalesce((SELECT c.value -> 'before' FROM listing_versions lv, jsonb_array_elements(lv.changes) c
                   WHERE lv.listing_id = l.id AND ${later} AND c.value ->> 'field' = ${field}
                   ORDER BY lv.version LIMIT 1), to_jsonb(${now})) #>> '{}')`;

/** A listing's price at an event: its buy-now price, else its starting bid, in cents. */
const priceAt = (later: SQL) =>
  sql`coalesce(${fieldAt('price', sql`l.price_cents`, later)}, ${fieldAt('startingBid', sql`l.starting_bid_cents`, later)}, '0')::bigint`;

/** Listings created, and their sellers' edits (an admin's edit is not the seller's event). */
function listingEventsQuery(where: (createdAt: SQL, id: SQL) => SQL): SQL {
  const created = sql`true`;
  const afterEdit = sql`lv.version > v.version`;
  return sql`SELECT * FROM (
               SELECT l.id, l.user_id AS actor_id, ${ms(sql`l.created_at`)} AS at_ms, l.id AS listing_id,
                      l.user_id AS seller_id, ${priceAt(created)} AS amount_cents, NULL::bigint AS max_cents,
                      NULL::int AS seq, NULL::bigint AS end_ms, false AS voided, NULL::text AS text, NULL::text AS kind,
                      ${fieldAt('title', sql`l.title`, created)} AS title,
                      ${fieldAt('description', sql`l.description`, created)} AS description,
                      l.listing_type, 'created' AS change, 0::bigint AS bid_count, l.created_at, 0 AS version
                 FROM listings l WHERE ${where(sql`l.created_at`, sql`l.id`)}
               UNION ALL
               SELECT l.id, l.user_id, ${ms(sql`v.created_at`)}, l.id, l.user_id, ${priceAt(afterEdit)}, NULL, NULL,
                      NULL, false, NULL, NULL, ${fieldAt('title', sql`l.title`, afterEdit)},
                      ${fieldAt('description', sql`l.description`, afterEdit)}, l.listing_type, 'edited',
                      (SELECT count(*) FROM bids b WHERE b.listing_id = l.id AND b.created_at < v.created_at),
                      v.created_at, v.version
                 FROM listing_versions v JOIN listings l ON l.id = v.listing_id
                WHERE v.editor_id = l.user_id AND ${where(sql`v.created_at`, sql`l.id`)}
             ) e ORDER BY e.created_at, e.id, e.version`;
}

/** The rule's event variable of a stored event. */
export function eventVariableOf(event: StoredEvent, row: StoredEventRow, actor: ActorFacts): CelRecord {
  if (event === 'bid') {
    return bidVariable(
      {
        amountCents: row.amount_cents ?? 0,
        maxCents: row.max_cents ?? 0,
        listingId: row.listing_id ?? '',
        sellerId: row.seller_id ?? '',
        bidsBefore: Math.max(0, (row.seq ?? 1) - 1),
        endTimeMs: row.end_ms,
        atMs: row.at_ms,
      },
      actor,
    );
  }
  if (event === 'order') {
    return orderVariable(
      { totalCents: row.amount_cents ?? 0, listingId: row.listing_id ?? '', sellerId: row.seller_id ?? '' },
      actor,
    );
  }
  if (event === 'listing') {
    return listingVariable({
      title: row.title ?? '',
      description: row.description ?? '',
      listingType: row.listing_type ?? 'default',
      priceCents: row.amount_cents ?? 0,
      change: row.change ?? 'created',
      bidsBefore: row.bid_count ?? 0,
    });
  }
  if (event === 'signUp') return signUpVariable(actor);
  return messageVariable({ text: row.text ?? '', kind: row.kind ?? 'chat', listingId: row.listing_id });
}

/** What a rule's case is about for a stored event. */
export function subjectOf(event: StoredEvent, row: StoredEventRow): { type: ReviewSubjectType; excerpt: string } {
  if (event === 'bid') {
    return {
      type: 'user',
      excerpt: `A bid of $${((row.amount_cents ?? 0) / 100).toFixed(2)} on listing ${row.listing_id}`,
    };
  }
  if (event === 'order') {
    return {
      type: 'order',
      excerpt: `An order of $${((row.amount_cents ?? 0) / 100).toFixed(2)} for listing ${row.listing_id}`,
    };
  }
  if (event === 'listing') {
    return {
      type: 'listing',
      excerpt: `Listing “${row.title ?? ''}” ${row.change === 'edited' ? 'edited' : 'created'}`,
    };
  }
  if (event === 'signUp') return { type: 'user', excerpt: 'A registration' };
  return { type: row.kind === 'auction' ? 'auctionMessage' : 'chatMessage', excerpt: row.text ?? '' };
}

/** The record a backtest sample opens in the app: what a moderator would look at for the event. */
export function recordOpenedFor(event: StoredEvent, row: StoredEventRow): RecordRef {
  if (event === 'order') return { type: 'order', id: row.id };
  if (event === 'signUp') return { type: 'user', id: row.id };
  // A bid opens its auction, an auction message and a listing change their listing.
  if (row.listing_id !== null) return { type: 'listing', id: row.listing_id };
  // A chat message opens its sender: the app has no drawer of a chat.
  return { type: 'user', id: row.actor_id };
}
