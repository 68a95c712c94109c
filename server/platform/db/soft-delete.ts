// Soft deletion of moderated records: the row stays, it leaves every list.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/identity.js';
import { recordAdminAction, type AdminAction } from './admin-log.js';
import type { z } from 'zod';
import type { Db } from './database.js';
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

export async function softDelete(
  db: Db,
  recordType: keyof typeof TABLES & AdminAction['recordType'],
  id: string,
  admin: VerifiedIdentity,
): Promise<void> {
  const { table, label, row } = TABLES[recordType];
  await db.transaction(async (tx) => {
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
  });
}
