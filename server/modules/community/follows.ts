// Following: a user follows or unfollows another, and reads who they follow and who follows them.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Community, FollowState, IsFollowing } from '../../../shared/contract/market/community.js';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';

const USER_ID = sqlRow(users, 'id');
const FOLLOW_USER = sqlRow(users, 'id', 'user_name', 'avatar');

export async function follow(
  deps: ServiceDeps,
  followerId: string,
  followingId: string,
  on: boolean,
): Promise<z.output<typeof FollowState>> {
  if (followerId === followingId) throw conflict('Users cannot follow themselves');
  if (on) {
    const [user] = await readRows(
      deps.db,
      USER_ID,
      sql`SELECT id FROM users WHERE id = ${followingId} AND deleted_at IS NULL`,
    );
    if (!user) throw notFound('User');
    await deps.db.execute(
      sql`INSERT INTO follows (follower_id, following_id) VALUES (${followerId}, ${followingId}) ON CONFLICT DO NOTHING`,
    );
  } else {
    await deps.db.execute(sql`DELETE FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId}`);
  }
  return { followerId, followingId, following: on };
}

export async function isFollowing(
  db: Executor,
  followerId: string,
  followingId: string,
): Promise<z.output<typeof IsFollowing>> {
  const [row] = await readRows(
    db,
    z.object({ n: z.number() }),
    sql`SELECT 1 AS n FROM follows WHERE follower_id = ${followerId} AND following_id = ${followingId}`,
  );
  return { following: row !== undefined };
}

/** Who a user follows (`following`) or who follows them (`follower`). */
export async function community(
  db: Executor,
  userId: string,
  type: 'follower' | 'following',
): Promise<z.output<typeof Community>> {
  const rows = await readRows(
    db,
    FOLLOW_USER,
    type === 'following'
      ? sql`SELECT u.id, u.user_name, u.avatar FROM follows f JOIN users u ON u.id = f.following_id
            WHERE f.follower_id = ${userId} AND u.deleted_at IS NULL ORDER BY f.created_at DESC LIMIT 200`
      : sql`SELECT u.id, u.user_name, u.avatar FROM follows f JOIN users u ON u.id = f.follower_id
            WHERE f.following_id = ${userId} AND u.deleted_at IS NULL ORDER BY f.created_at DESC LIMIT 200`,
  );
  return {
    count: rows.length,
    items: rows.map((row) => ({ id: row.id, userName: row.user_name, avatar: row.avatar })),
  };
}
