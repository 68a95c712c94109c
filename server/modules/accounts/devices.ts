// The user's devices: push notification tokens (`/user/device-token`) and the app icon's badge
// (`/user/reset-badge-count`).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BadgeReset, DevicePlatform, DeviceToken } from '../../../shared/contract/market/accounts.js';
import type { Executor } from '../../platform/db/database.js';
import { deviceTokens, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

/**
 * Registers a device for push notifications; the device moves to the caller if another account had
 * it (push goes to its current holder alone). Every account that registered it is remembered, with
 * when it was first and last seen there: the device-token link reads that history
 * (linked-accounts.ts), since the current holder alone would never show two accounts on one device.
 */
export async function registerDeviceToken(
  db: Executor,
  userId: string,
  token: string,
  platform: DevicePlatform,
): Promise<z.output<typeof DeviceToken>> {
  const [row] = await readRows(
    db,
    sqlRow(deviceTokens, 'token', 'platform', 'updated_at'),
    sql`WITH seen AS (
          INSERT INTO device_token_holders (token, user_id) VALUES (${token}, ${userId})
          ON CONFLICT (token, user_id) DO UPDATE SET last_seen_at = now()
        )
        INSERT INTO device_tokens (token, user_id, platform) VALUES (${token}, ${userId}, ${platform})
        ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform, updated_at = now()
        RETURNING token, platform, updated_at`,
  );
  return { token: row!.token, platform: row!.platform, registeredAt: isoOf(row!.updated_at) };
}

/** Unregisters the caller's device (push stops); its history stays, as evidence of a link. */
export async function removeDeviceToken(db: Executor, userId: string, token: string): Promise<void> {
  const removed = await readRows(
    db,
    sqlRow(deviceTokens, 'token'),
    sql`DELETE FROM device_tokens WHERE token = ${token} AND user_id = ${userId} RETURNING token`,
  );
  // Somebody else's token is "not found" too: nobody learns which devices others use.
  if (removed.length === 0) throw notFound('Device token');
}

export async function resetBadgeCount(db: Executor, userId: string): Promise<z.output<typeof BadgeReset>> {
  const [row] = await readRows(
    db,
    sqlRow(users, 'badge_reset_at'),
    sql`UPDATE users SET badge_reset_at = now() WHERE id = ${userId} AND deleted_at IS NULL RETURNING badge_reset_at`,
  );
  // The column is nullable (never reset) but the update has just set it: no row is no live user.
  if (!row?.badge_reset_at) throw notFound('User');
  return { badgeCount: 0, resetAt: isoOf(row.badge_reset_at) };
}
