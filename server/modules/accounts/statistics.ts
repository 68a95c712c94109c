// The dashboard's statistics: user and bidder counts, and who signed up or first bid in the past 24 hours.
import { sql } from 'drizzle-orm';
import type { StatisticsUser } from '../../../shared/contract/entities.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import type { users } from '../../platform/db/schema/index.js';
import type { SqlRow } from '../../platform/db/sql-row.js';

/** The dashboard shows the newest of each list; a busy day must not answer with a million rows. */
const PAST_DAY_LIST_MAX = 100;

type StatisticsUserRow = SqlRow<typeof users, 'id' | 'user_name' | 'avatar' | 'created_at'>;

const toStatisticsUser = (row: StatisticsUserRow): StatisticsUser => ({
  id: row.id,
  userName: row.user_name,
  avatar: row.avatar,
  createdAt: isoOf(row.created_at),
});

export async function userStatistics(db: Db) {
  const [counts] = await queryRows<{ users: string | number; bidders: string | number }>(
    db,
    sql`SELECT (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
               (SELECT count(DISTINCT user_id) FROM bids) AS bidders`,
  );
  const signUps = await queryRows<StatisticsUserRow>(
    db,
    sql`SELECT id, user_name, avatar, created_at FROM users
        WHERE deleted_at IS NULL AND created_at > now() - interval '24 hours'
        ORDER BY created_at DESC LIMIT ${PAST_DAY_LIST_MAX}`,
  );
  // A new bidder bid in the past day and never before it.
  const bidders = await queryRows<StatisticsUserRow>(
    db,
    sql`SELECT u.id, u.user_name, u.avatar, u.created_at FROM users u
        WHERE u.deleted_at IS NULL
          AND u.id IN (SELECT b.user_id FROM bids b WHERE b.created_at > now() - interval '24 hours')
          AND NOT EXISTS (SELECT 1 FROM bids e WHERE e.user_id = u.id AND e.created_at <= now() - interval '24 hours')
        ORDER BY u.created_at DESC LIMIT ${PAST_DAY_LIST_MAX}`,
  );
  return {
    numberOfUsers: Number(counts?.users ?? 0),
    numberOfUniqueBidders: Number(counts?.bidders ?? 0),
    newSignUpsPast24Hours: signUps.map(toStatisticsUser),
    newBiddersPast24Hours: bidders.map(toStatisticsUser),
  };
}
