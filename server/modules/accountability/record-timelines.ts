// The three timelines of the contract: a user's, a listing's and an order's. Each merges the
// admin actions and notes on the record with its own history (timeline.ts pages them).
import { sql, type SQL } from 'drizzle-orm';
import type { TimelineItem } from '../../../shared/contract/accountability.js';
import type { Executor } from '../../platform/db/database.js';
import { assertRecordExists } from './notes.js';
import { adminActionsOn, dollars, notesOn, timelinePage } from './timeline.js';

type Page = { page: number; limit: number };
type Timeline = Promise<{ count: number; items: TimelineItem[] }>;

/** Logged as admin actions too, but shown from their own richer sources. */
const SHOWN_ELSEWHERE = ['addNote', 'warnUser', 'suspendSelling', 'suspendUser', 'banUser', 'liftEnforcement'];

/** Holds are admin actions, shown with their reason (holdsOn) rather than as changed fields. */
const HOLD_ACTIONS = ['holdListing', 'releaseListingHold', 'holdPayout', 'releasePayoutHold'];

/** A listing's or an order's holds, placed and lifted, from the admin log. */
function holdsOn(recordType: 'listing' | 'order', recordId: string): SQL {
  return sql`
    SELECT a.created_at AS at, 'hold' AS kind,
           CASE a.action WHEN 'holdListing' THEN 'Held: ' || (a.after -> 'hold' ->> 'reason')
                         WHEN 'releaseListingHold' THEN 'Hold released'
                         WHEN 'holdPayout' THEN 'Payout held: ' || (a.after -> 'payoutHold' ->> 'reason')
                         ELSE 'Payout hold lifted' END AS summary,
           coalesce(a.admin_email, a.admin_uid) AS actor, NULL AS ref_type, NULL AS ref_id
    FROM admin_actions a
    WHERE a.record_type = ${recordType} AND a.record_id = ${recordId}
      AND a.action IN (${sql.join(
        HOLD_ACTIONS.map((action) => sql`${action}`),
        sql`, `,
      )})`;
}

const name = (alias: string) => sql.raw(`coalesce(${alias}.user_name, ${alias}.email)`);

export async function userTimeline(db: Executor, userId: string, page: Page): Timeline {
  await assertRecordExists(db, 'user', userId);
  return timelinePage(
    db,
    'user',
    userId,
    [
      adminActionsOn('user', userId, SHOWN_ELSEWHERE),
      adminActionsOn('seller_request', sql`SELECT id FROM seller_requests WHERE user_id = ${userId}`),
      notesOn('user', userId),
      sql`SELECT e.created_at AS at, 'enforcement' AS kind,
               e.action || ': ' || e.reason
                 || coalesce(' (until ' || to_char(e.until AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC)', '')
                 AS summary,
               coalesce(e.admin_email, e.admin_uid) AS actor, NULL AS ref_type, NULL AS ref_id
        FROM user_enforcements e WHERE e.user_id = ${userId}`,
      sql`SELECT u.created_at AS at, 'signUp' AS kind, 'Signed up as ' || ${name('u')} AS summary,
               ${name('u')} AS actor, NULL AS ref_type, NULL AS ref_id
        FROM users u WHERE u.id = ${userId}`,
      sql`SELECT r.created_at AS at, 'sellerRequest' AS kind, 'Asked to sell (' || lower(r.status) || ')' AS summary,
               NULL AS actor, NULL AS ref_type, NULL AS ref_id
        FROM seller_requests r WHERE r.user_id = ${userId}`,
      sql`SELECT o.created_at AS at, 'order' AS kind,
               'Bought ' || l.title || ' for ' || ${dollars(sql`o.price_cents`)} || ' from ' || ${name('s')} AS summary,
               NULL AS actor, 'order' AS ref_type, o.id AS ref_id
        FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users s ON s.id = o.seller_id
        WHERE o.buyer_id = ${userId} AND o.deleted_at IS NULL`,
      sql`SELECT o.created_at AS at, 'order' AS kind,
               'Sold ' || l.title || ' for ' || ${dollars(sql`o.price_cents`)} || ' to ' || ${name('b')} AS summary,
               NULL AS actor, 'order' AS ref_type, o.id AS ref_id
        FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users b ON b.id = o.buyer_id
        WHERE o.seller_id = ${userId} AND o.deleted_at IS NULL`,
      sql`SELECT t.created_at AS at, 'strike' AS kind,
               'Payment of ' || ${dollars(sql`t.amount_cents`)} || ' failed on ' || l.title AS summary,
               NULL AS actor, 'order' AS ref_type, o.id AS ref_id
        FROM transactions t JOIN orders o ON o.id = t.order_id JOIN listings l ON l.id = o.listing_id
        WHERE o.buyer_id = ${userId} AND t.type = 'order_payment' AND t.status = 'failed'`,
    ],
    page,
  );
}

export async function listingTimeline(db: Executor, listingId: string, page: Page): Timeline {
  await assertRecordExists(db, 'listing', listingId);
  return timelinePage(
    db,
    'listing',
    listingId,
    [
      adminActionsOn('listing', listingId, ['addNote', ...HOLD_ACTIONS]),
      holdsOn('listing', listingId),
      notesOn('listing', listingId),
      sql`SELECT l.created_at AS at, 'listingPublished' AS kind,
               CASE WHEN l.status = 'draft' OR EXISTS (
                      SELECT 1 FROM listing_changes c WHERE c.listing_id = l.id AND c.from_status = 'draft')
                    THEN 'Saved as a draft (' || l.listing_type || ')'
                    ELSE 'Listed (' || l.listing_type || ')' END AS summary,
               ${name('s')} AS actor, 'user' AS ref_type, s.id AS ref_id
        FROM listings l JOIN users s ON s.id = l.user_id WHERE l.id = ${listingId}`,
      sql`SELECT c.created_at AS at,
               CASE WHEN c.from_status = 'draft' AND c.to_status <> 'draft' THEN 'listingPublished'
                    WHEN c.to_status IN ('auction_ended', 'sold') AND c.from_status <> c.to_status THEN 'listingEnded'
                    ELSE 'listingEdited' END AS kind,
               CASE WHEN c.from_status = 'draft' AND c.to_status <> 'draft' THEN 'Published'
                    WHEN c.to_status = 'auction_ended' AND c.from_status <> c.to_status THEN 'Auction ended'
                    WHEN c.to_status = 'sold' AND c.from_status <> c.to_status THEN 'Sold out'
                    WHEN c.from_status <> c.to_status THEN 'Status ' || c.from_status || ' → ' || c.to_status
                    ELSE 'Edited: ' || array_to_string(c.changed, ', ') END AS summary,
               NULL AS actor, NULL AS ref_type, NULL AS ref_id
        FROM listing_changes c WHERE c.listing_id = ${listingId}`,
      sql`SELECT b.created_at AS at, 'bid' AS kind, 'Bid ' || ${dollars(sql`b.amount_cents`)} AS summary,
               ${name('u')} AS actor, 'user' AS ref_type, u.id AS ref_id
        FROM bids b JOIN users u ON u.id = b.user_id WHERE b.listing_id = ${listingId}`,
      sql`SELECT o.created_at AS at, 'order' AS kind,
               'Sold to ' || ${name('u')} || ' for ' || ${dollars(sql`o.price_cents`)} AS summary,
               NULL AS actor, 'order' AS ref_type, o.id AS ref_id
        FROM orders o JOIN users u ON u.id = o.buyer_id WHERE o.listing_id = ${listingId} AND o.deleted_at IS NULL`,
    ],
    page,
  );
}

export async function orderTimeline(db: Executor, orderId: string, page: Page): Timeline {
  await assertRecordExists(db, 'order', orderId);
  return timelinePage(
    db,
    'order',
    orderId,
    [
      adminActionsOn('order', orderId, ['addNote', ...HOLD_ACTIONS]),
      holdsOn('order', orderId),
      notesOn('order', orderId),
      sql`SELECT o.created_at AS at, 'order' AS kind,
               'Order placed: ' || l.title || ', ' || ${dollars(sql`o.price_cents + o.shipping_price_cents`)} AS summary,
               ${name('u')} AS actor, 'listing' AS ref_type, l.id AS ref_id
        FROM orders o JOIN listings l ON l.id = o.listing_id JOIN users u ON u.id = o.buyer_id WHERE o.id = ${orderId}`,
      sql`SELECT c.created_at AS at, 'statusChange' AS kind,
               coalesce(c.from_status || ' → ', 'Status ') || c.to_status AS summary,
               NULL AS actor, NULL AS ref_type, NULL AS ref_id
        FROM order_status_changes c WHERE c.order_id = ${orderId}`,
      sql`SELECT t.created_at AS at,
               CASE WHEN t.type IN ('admin_refund', 'bundled_shipping_refund') THEN 'refund' ELSE 'transaction' END AS kind,
               CASE t.type WHEN 'order_payment' THEN 'Payment' WHEN 'order_payout' THEN 'Payout to the seller'
                           WHEN 'admin_refund' THEN 'Refund' ELSE 'Shipping refund' END
                 || ' of ' || ${dollars(sql`t.amount_cents`)} || ' ' || t.status
                 || coalesce(' (' || t.refund_reason || ')', '') AS summary,
               t.admin_uid AS actor, NULL AS ref_type, NULL AS ref_id
        FROM transactions t WHERE t.order_id = ${orderId}`,
      sql`SELECT o.label_created_at AS at, 'label' AS kind,
               'Shipping label created' || coalesce(' (' || o.label_size || ')', '') AS summary,
               NULL AS actor, NULL AS ref_type, NULL AS ref_id
        FROM orders o WHERE o.id = ${orderId} AND o.label_created_at IS NOT NULL`,
    ],
    page,
  );
}
