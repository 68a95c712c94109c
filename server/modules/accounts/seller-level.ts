// The seller's level kept on the user (migration 0102) for the Users list: seller standing settles
// it and calls this, the one write of `users.seller_level`.
import { sql } from 'drizzle-orm';
import type { SellerLevel } from '../../../shared/rules/seller-level.js';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

const LEVEL_ROW = sqlRow(users, 'seller_level');

/**
 * Stores `level` as the user's seller level; answers the level it replaced (`new` until first
 * settled), or `level` itself when nothing changed (then nothing is written).
 */
export async function writeSellerLevel(tx: Executor, userId: string, level: SellerLevel): Promise<SellerLevel> {
  const [before] = await readRows(tx, LEVEL_ROW, sql`SELECT seller_level FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!before || before.seller_level === level) return level;
  await tx.execute(sql`UPDATE users SET seller_level = ${level}, seller_level_changed_at = now() WHERE id = ${userId}`);
  return before.seller_level;
}
