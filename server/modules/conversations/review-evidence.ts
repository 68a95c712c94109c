// What the review queue shows beside a flagged chat message: the message and the ones around it in
// its chat (taken-down ones included, marked), so a moderator reads it in its conversation.
import { sql } from 'drizzle-orm';
import type { ChatMessage } from '../../../shared/contract/entities.js';
import type { Executor } from '../../platform/db/database.js';
import { chatMessages } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { CHAT_MESSAGE_ROW, CHAT_MESSAGE_SELECT, chatMessageOf } from './moderation-items.js';

export type EvidenceMessage = ChatMessage & { deleted: boolean };

/** The message (null when there is none with that id) and up to `around` messages around it, oldest first. */
export async function chatMessageEvidence(
  db: Executor,
  messageId: string,
  around = 10,
): Promise<{ message: EvidenceMessage | null; around: EvidenceMessage[] }> {
  const [target] = await readRows(
    db,
    sqlRow(chatMessages, 'chat_id', 'created_at'),
    sql`SELECT chat_id, created_at FROM chat_messages WHERE id = ${messageId}`,
  );
  if (!target) return { message: null, around: [] };
  const half = Math.floor(around / 2);
  const rows = await readRows(
    db,
    CHAT_MESSAGE_ROW,
    sql`SELECT * FROM (
          (${CHAT_MESSAGE_SELECT} WHERE m.chat_id = ${target.chat_id} AND (m.created_at, m.id) < (${target.created_at}, ${messageId})
           ORDER BY m.created_at DESC, m.id DESC LIMIT ${half})
          UNION ALL
          (${CHAT_MESSAGE_SELECT} WHERE m.chat_id = ${target.chat_id} AND (m.created_at, m.id) >= (${target.created_at}, ${messageId})
           ORDER BY m.created_at ASC, m.id ASC LIMIT ${around - half + 1})
        ) window_rows ORDER BY created_at ASC, id ASC`,
  );
  const deleted = new Set(
    (
      await readRows(
        db,
        sqlRow(chatMessages, 'id'),
        sql`SELECT id FROM chat_messages WHERE chat_id = ${target.chat_id} AND deleted_at IS NOT NULL`,
      )
    ).map((row) => row.id),
  );
  const items = rows.map((row) => ({ ...chatMessageOf(row), deleted: deleted.has(row.id) }));
  return { message: items.find((item) => item.id === messageId) ?? null, around: items };
}
