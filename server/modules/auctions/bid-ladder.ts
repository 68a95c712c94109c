// An auction's whole bid ladder as only admins may see it: every bid with its hidden maximum, newest
// first, voided bids kept and marked (with their reason), as the admin bid ladder shows them. The
// review queue shows it as evidence; buyers and sellers never get the maximums.
import { sql } from 'drizzle-orm';
import type { LadderBid } from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { bids, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';

const LADDER_ROW = sqlRow(
  bids,
  'user_id',
  'amount_cents',
  'max_bid_cents',
  'created_at',
  'voided_at',
  'void_reason',
).extend({ user_name: sqlColumn(users, 'user_name') });

export async function bidLadder(db: Executor, listingId: string, limit = 200): Promise<LadderBid[]> {
  const rows = await readRows(
    db,
    LADDER_ROW,
    sql`SELECT b.user_id, u.user_name, b.amount_cents, b.max_bid_cents, b.created_at, b.voided_at, b.void_reason
        FROM bids b JOIN users u ON u.id = b.user_id
        WHERE b.listing_id = ${listingId} ORDER BY b.created_at DESC, b.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    bidderId: row.user_id,
    bidderName: row.user_name,
    amount: usdOf(row.amount_cents),
    maxBid: usdOf(row.max_bid_cents),
    createdAt: isoOf(row.created_at),
    voidedAt: isoOrNull(row.voided_at),
    voidReason: row.void_reason,
  }));
}
