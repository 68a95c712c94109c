// The stored events rules judge, read one way for both the live path (one event, by id, right after
// its commit) and the backtest (every event of a window, streamed from a cursor in the order of the
// created_at index): one SELECT per event kind and one function from its row to the rule's
// variables, so a backtest replays exactly what live evaluation saw.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { PolicyEvent } from '../../../shared/contract/policy.js';
import type { ReviewSubjectType } from '../../../shared/contract/review-cases.js';
import { bidVariable, messageVariable, orderVariable, type ActorFacts } from './rules/event-context.js';
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
});
export type StoredEventRow = z.output<typeof StoredEventRow>;

/** The event kinds whose stored events this module can read (live after the commit, and backtests). */
export const STORED_EVENTS = ['bid', 'message', 'order'] as const satisfies readonly PolicyEvent[];
export type StoredEvent = (typeof STORED_EVENTS)[number];
export const isStoredEvent = (event: PolicyEvent): event is StoredEvent =>
  (STORED_EVENTS as readonly string[]).includes(event);

const ms = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::bigint`;

/** The stored events of one kind, narrowed by `where` over the alias `e` (created_at, id). */
export function storedEventsQuery(event: StoredEvent, where: (createdAt: SQL, id: SQL) => SQL): SQL {
  if (event === 'bid') {
    return sql`SELECT b.id, b.user_id AS actor_id, ${ms(sql`b.created_at`)} AS at_ms, b.listing_id, l.user_id AS seller_id,
                      b.amount_cents, b.max_bid_cents AS max_cents, b.seq, ${ms(sql`l.end_time`)} AS end_ms,
                      b.voided_at IS NOT NULL AS voided, NULL::text AS text, NULL::text AS kind
                 FROM bids b JOIN listings l ON l.id = b.listing_id
                WHERE ${where(sql`b.created_at`, sql`b.id`)}
                ORDER BY b.created_at, b.id`;
  }
  if (event === 'order') {
    // An order is an event once paid: a declined card's order stays on record but was answered 402.
    return sql`SELECT o.id, o.buyer_id AS actor_id, ${ms(sql`o.created_at`)} AS at_ms, o.listing_id, o.seller_id,
                      o.price_cents + o.shipping_price_cents AS amount_cents, NULL::bigint AS max_cents, NULL::int AS seq,
                      NULL::bigint AS end_ms, false AS voided, NULL::text AS text, NULL::text AS kind
                 FROM orders o
                WHERE ${where(sql`o.created_at`, sql`o.id`)}
                  AND EXISTS (SELECT 1 FROM transactions t
                               WHERE t.order_id = o.id AND t.type = 'order_payment' AND t.status = 'succeeded')
                ORDER BY o.created_at, o.id`;
  }
  return sql`SELECT * FROM (
               SELECT m.id, m.user_id AS actor_id, ${ms(sql`m.created_at`)} AS at_ms, NULL::text AS listing_id,
                      NULL::text AS seller_id, NULL::bigint AS amount_cents, NULL::bigint AS max_cents, NULL::int AS seq,
                      NULL::bigint AS end_ms, false AS voided, m.message AS text, 'chat' AS kind, m.created_at
                 FROM chat_messages m WHERE ${where(sql`m.created_at`, sql`m.id`)}
               UNION ALL
               SELECT a.id, a.user_id, ${ms(sql`a.created_at`)}, a.listing_id, NULL, NULL, NULL, NULL, NULL, false,
                      a.text, 'auction', a.created_at
                 FROM auction_messages a WHERE a.type = 'text' AND ${where(sql`a.created_at`, sql`a.id`)}
             ) e ORDER BY e.created_at, e.id`;
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
  return { type: row.kind === 'auction' ? 'auctionMessage' : 'chatMessage', excerpt: row.text ?? '' };
}
