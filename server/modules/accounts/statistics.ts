// The dashboard's statistics: user and bidder counts, and who signed up or first bid in the past 24 hours.
import { sql } from 'drizzle-orm';
import type { StatisticsUser } from '../../../shared/contract/entities.js';
import { keptTotal } from '../../platform/db/list-counts.js';
import type { Db } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import type { z } from 'zod';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

/** The dashboard shows the newest of each list; a busy day must not answer with a million rows. */
const PAST_DAY_LIST_MAX = 100;

const STATISTICS_USER_ROW = sqlRow(users, 'id', 'user_name', 'avatar', 'created_at');
type StatisticsUserRow = z.output<typeof STATISTICS_USER_ROW>;

const toStatisticsUser = (row: StatisticsUserRow): StatisticsUser => ({
  id: row.id,
  userName: row.user_name,
  avatar: row.avatar,
  createdAt: isoOf(row.created_at),
});

export async function userStatistics(db: Db) {
  // Kept totals (migration 0017): exact, and a few rows to read whatever the size of the market.
  const numberOfUsers = await keptTotal(db, 'users');
  const numberOfUniqueBidders = await keptTotal(db, 'bidders');
  const signUps = await readRows(
    db,
    STATISTICS_USER_ROW,
    sql`SELECT id, user_name, avatar, created_at FROM users
        WHERE deleted_at IS NULL AND created_at > now() - interval '24 hours'
        ORDER BY created_at DESC LIMIT ${PAST_DAY_LIST_MAX}`,
  );
  // A new bidder bid in the past day and never before it: their first bid (kept in `bidders`) is
  // in the past day. `bidders` keeps each bidder's join date too, so the newest-joined new bidders
  // are one backward walk of `bidders_joined_idx`, filtered inside the index (migration 0025).
  const bidders = await readRows(
    db,
    STATISTICS_USER_ROW,
    sql`SELECT u.id, u.user_name, u.avatar, u.created_at FROM bidders f JOIN users u ON u.id = f.user_id
        WHERE f.first_bid_at > now() - interval '24 hours' AND u.deleted_at IS NULL
        ORDER BY f.user_created_at DESC, f.user_id DESC LIMIT ${PAST_DAY_LIST_MAX}`,
  );
  return {
    numberOfUsers,
    numberOfUniqueBidders,
    newSignUpsPast24Hours: signUps.map(toStatisticsUser),
    newBiddersPast24Hours: bidders.map(toStatisticsUser),
  };
}
