// A user's profile picture (`/user/profile-picture`), kept in the listing tools' media storage:
// an upload URL for an image, then the uploaded key becomes `users.avatar` (its public URL).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/database.js';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.js';
import type { UploadTarget } from '../../platform/media/media-storage.js';
import { mediaKeyFor, parseMediaKey } from '../../platform/media/upload-rules.js';
import type { MarketDeps } from '../../market-deps.js';
import { toolsOf } from '../listings/index.js';

export function profilePictureUploadUrl(
  deps: MarketDeps,
  userId: string,
  contentType: string,
  now: number,
): UploadTarget {
  const key = mediaKeyFor('profile-picture', userId, randomUUID(), contentType);
  if (!key) throw badRequest(`body/contentType: ${contentType} is not a profile picture type`);
  return toolsOf(deps).storage.createUpload(key, now);
}

/** Makes the caller's uploaded picture their avatar. */
export async function setProfilePicture(deps: MarketDeps, userId: string, key: string) {
  const { storage } = toolsOf(deps);
  const parsed = parseMediaKey(key);
  if (!parsed || parsed.kind !== 'profile-picture') throw badRequest('body/key: not a profile picture upload key');
  if (parsed.ownerId !== userId) throw new HttpError(403, 'This upload belongs to another user');
  if (!(await storage.stat(key))) throw conflict('Nothing has been uploaded under this key yet');
  const avatar = storage.publicUrl(key);
  await queryRows(deps.db, sql`UPDATE users SET avatar = ${avatar}, updated_at = now() WHERE id = ${userId}`);
  return { avatar };
}

export async function removeProfilePicture(deps: MarketDeps, userId: string): Promise<void> {
  await deps.db.execute(sql`UPDATE users SET avatar = NULL, updated_at = now() WHERE id = ${userId}`);
}
