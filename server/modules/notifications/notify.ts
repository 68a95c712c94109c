// Sending a user a notification: one row of `notifications`, written in the caller's transaction
// so it exists exactly when the change it tells of does. Every area that tells a user something
// calls these; nothing else writes the table.
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/contract/enums.js';
import { queryRows, type Executor } from '../../platform/db/database.js';

/** A notification row for a user (a type of NOTIFICATION_TYPES); `body` is the longer text, if any. */
export async function notify(
  tx: Executor,
  userId: string,
  type: NotificationType,
  title: string,
  data: Record<string, unknown> = {},
  body?: string,
): Promise<void> {
  await tx.execute(
    body === undefined
      ? sql`INSERT INTO notifications (user_id, type, title, data) VALUES (${userId}, ${type}, ${title}, ${JSON.stringify(data)}::jsonb)`
      : sql`INSERT INTO notifications (user_id, type, title, body, data)
            VALUES (${userId}, ${type}, ${title}, ${body}, ${JSON.stringify(data)}::jsonb)`,
  );
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
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`INSERT INTO notifications (user_id, type, title, data)
        SELECT user_id, ${type}, ${title}, ${JSON.stringify(data)}::jsonb FROM (${recipients}) AS recipients
        RETURNING user_id`,
  );
  return rows.map((row) => row.user_id);
}
