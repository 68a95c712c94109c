// A chat carries its participants' names, so a rename (the accounts module's `userRenamed`,
// fired in the renaming transaction) sends the user's chats out again.
import { sql } from 'drizzle-orm';
import { userRoom } from '../../../shared/contract/realtime-events.js';
import type { Executor } from '../../platform/db/database.js';
import { chats as chatsTable } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { adminEvent, marketEvent, type PendingEvent } from '../../platform/events/pending-events.js';
import { userRenamed } from '../accounts/index.js';
import { chatItems } from './admin-items.js';

/** Chats told of a new name at most: the most recently active; older ones show it when reopened. */
export const RENAME_CHATS_TOLD = 200;

/**
 * A chat carries its participants' names: after a rename, each of the user's chats reaches both
 * participants and every moderator again (updateChat), read inside the renaming transaction.
 */
async function chatsShowingNewName(tx: Executor, userId: string): Promise<PendingEvent[]> {
  const chats = await readRows(
    tx,
    sqlRow(chatsTable, 'id', 'user_id', 'other_user_id'),
    sql`SELECT id, user_id, other_user_id FROM chats
         WHERE deleted_at IS NULL AND (user_id = ${userId} OR other_user_id = ${userId})
         ORDER BY updated_at DESC, id LIMIT ${RENAME_CHATS_TOLD}`,
  );
  // Their items in one read, in the same order.
  const items = await chatItems(
    tx,
    chats.map((chat) => chat.id),
  );
  const events: PendingEvent[] = [];
  for (const [index, chat] of chats.entries()) {
    const item = items[index]!;
    events.push(
      marketEvent('updateChat', [userRoom(chat.user_id), userRoom(chat.other_user_id)], item),
      adminEvent('updateChat', item),
    );
  }
  return events;
}

userRenamed.subscribe(async (tx, outbox, { userId }) => {
  outbox.add(...(await chatsShowingNewName(tx, userId)));
});
