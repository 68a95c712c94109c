// Sending a user a notification: one row of `notifications`, written in the caller's transaction
// so it exists exactly when the change it tells of does. Every area that tells a user something
// calls these; nothing else writes the table.
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/contract/enums.js';
import type { Executor } from '../../platform/db/database.js';
import { notifications } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

const NOTIFIED_USER = sqlRow(notifications, 'user_id');

/** A notification row for a user (a type of NOTIFICATION_TYPES); `body` is the longer text, if any. */
export async function notify(
  tx: Executor,
  userId: string,
  type: NotificationType,
  title: string,
  data: Record<string, unknown> = {},
  body?: string,
): Promise<void> {
  if (body === undefined) return notifyAll(tx, [{ userId, type, title, data }]);
  await tx.execute(
    sql`INSERT INTO notifications (user_id, type, title, body, data)
        VALUES (${userId}, ${type}, ${title}, ${body}, ${JSON.stringify(data)}::jsonb)`,
  );
}

/** One notification of `notifyAll`'s batch. */
export interface Notice {
  userId: string;
  type: NotificationType;
  title: string;
  data: Record<string, unknown>;
}

/** Several notifications (to anyone) in one statement; one alone is `notify`'s statement. */
export async function notifyAll(tx: Executor, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const rows = notices.map(
    (notice) => sql`(${notice.userId}, ${notice.type}, ${notice.title}, ${JSON.stringify(notice.data)}::jsonb)`,
  );
  await tx.execute(sql`INSERT INTO notifications (user_id, type, title, data) VALUES ${sql.join(rows, sql`, `)}`);
}

/**
 * The same notification to every user `recipients` selects (a query of one `user_id` column, each
 * user once), in one statement; answers whom it notified.
 */
export async function notifyEach(
  tx: Executor,
  recipients: SQL,
  type: NotificationType,
  title: string,
  data: Record<string, unknown> = {},
): Promise<string[]> {
  const rows = await readRows(
    tx,
    NOTIFIED_USER,
    sql`INSERT INTO notifications (user_id, type, title, data)
        SELECT user_id, ${type}, ${title}, ${JSON.stringify(data)}::jsonb FROM (${recipients}) AS recipients
        RETURNING user_id`,
  );
  return rows.map((row) => row.user_id);
}
