// Soft deletion of moderated records: the row stays, it leaves every list.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/identity.js';
import { recordAdminAction, type AdminAction } from './admin-log.js';
import type { z } from 'zod';
import type { Db, Executor } from './database.js';
import { auctionMessages, chatMessages, chats, ratings } from './schema/index.js';
import { readRows, sqlTableRow } from './sql-row.js';
import { notFound } from '../http/errors.js';

/** Each table's whole row (`RETURNING *`), which the admin log keeps as before → after. */
const TABLES: Record<
  'rating' | 'auction_message' | 'chat' | 'chat_message',
  { table: string; label: string; row: z.ZodType<Record<string, unknown>> }
> = {
  rating: { table: 'ratings', label: 'Rating', row: sqlTableRow(ratings) },
  auction_message: { table: 'auction_messages', label: 'Auction message', row: sqlTableRow(auctionMessages) },
  chat: { table: 'chats', label: 'Chat', row: sqlTableRow(chats) },
  chat_message: { table: 'chat_messages', label: 'Message', row: sqlTableRow(chatMessages) },
};

type SoftDeleted = keyof typeof TABLES & AdminAction['recordType'];

/** Its own transaction: the row's deletion and its audit entry. */
export async function softDelete(db: Db, recordType: SoftDeleted, id: string, admin: VerifiedIdentity): Promise<void> {
  await db.transaction((tx) => softDeleteIn(tx, recordType, id, admin));
}

/** Inside the caller's transaction (a review case's outcome): 404 when the row is already gone. */
export async function softDeleteIn(
  tx: Executor,
  recordType: SoftDeleted,
  id: string,
  admin: VerifiedIdentity,
): Promise<void> {
  const { table, label, row } = TABLES[recordType];
  const [before] = await readRows(
    tx,
    row,
    sql`UPDATE ${sql.identifier(table)} SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING *`,
  );
  if (!before) throw notFound(label);
  await recordAdminAction(tx, {
    admin,
    action: 'softDelete',
    recordType,
    recordId: id,
    before: { ...before, deleted_at: null },
    after: before,
  });
}
