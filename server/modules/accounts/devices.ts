// The user's devices: push notification tokens (`/user/device-token`) and the app icon's badge
// (`/user/reset-badge-count`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDate } from '../../../shared/contract/entities.js';
import { singleLineText } from '../../../shared/contract/text.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
export const DeviceTokenBody = z.strictObject({
  token: singleLineText().trim().min(1).max(4096),
  platform: z.enum(DEVICE_PLATFORMS),
});
export const DeviceToken = DeviceTokenBody.extend({ registeredAt: isoDate });
export const BadgeReset = z.object({ badgeCount: z.number().int().nonnegative(), resetAt: isoDate });

/** Registers a device for push notifications; the device moves to the caller if another account had it. */
export async function registerDeviceToken(db: Executor, userId: string, token: string, platform: DevicePlatform) {
  const [row] = await queryRows<{ token: string; platform: DevicePlatform; updated_at: Date | string }>(
    db,
    sql`INSERT INTO device_tokens (token, user_id, platform) VALUES (${token}, ${userId}, ${platform})
        ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform, updated_at = now()
        RETURNING token, platform, updated_at`,
  );
  return { token: row!.token, platform: row!.platform, registeredAt: isoOf(row!.updated_at) };
}

export async function removeDeviceToken(db: Executor, userId: string, token: string): Promise<void> {
  const removed = await queryRows(
    db,
    sql`DELETE FROM device_tokens WHERE token = ${token} AND user_id = ${userId} RETURNING token`,
  );
  // Somebody else's token is "not found" too: nobody learns which devices others use.
  if (removed.length === 0) throw notFound('Device token');
}

export async function resetBadgeCount(db: Executor, userId: string) {
  const [row] = await queryRows<{ badge_reset_at: Date | string }>(
    db,
    sql`UPDATE users SET badge_reset_at = now() WHERE id = ${userId} AND deleted_at IS NULL RETURNING badge_reset_at`,
  );
  if (!row) throw notFound('User');
  return { badgeCount: 0, resetAt: isoOf(row.badge_reset_at) };
}
