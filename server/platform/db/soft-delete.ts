// Soft deletion of moderated records: the row stays, it leaves every list.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/identity.js';
import { recordAdminAction, type AdminAction } from './admin-log.js';
import { queryRows, type Db } from './database.js';
import { notFound } from '../http/errors.js';

const TABLES = {
  rating: { table: 'ratings', label: 'Rating' },
  auction_message: { table: 'auction_messages', label: 'Auction message' },
  chat: { table: 'chats', label: 'Chat' },
  chat_message: { table: 'chat_messages', label: 'Message' },
} as const;

export async function softDelete(
  db: Db,
  recordType: keyof typeof TABLES & AdminAction['recordType'],
  id: string,
  admin: VerifiedIdentity,
): Promise<void> {
  const { table, label } = TABLES[recordType];
  await db.transaction(async (tx) => {
    const [before] = await queryRows<Record<string, unknown>>(
      tx,
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
