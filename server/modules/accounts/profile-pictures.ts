// A user's profile picture (`/user/profile-picture`), kept in the listing tools' media storage
// (the routes, registered with the listing media's, hand it over):
// an upload URL for an image, then the uploaded key becomes `users.avatar` (its public URL).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import type { MediaStorage, UploadTarget } from '../../platform/media/media-storage.js';
import { mediaUploadUrl, uploadedMediaUrl } from './uploads.js';

export function profilePictureUploadUrl(
  storage: MediaStorage,
  userId: string,
  contentType: string,
  now: number,
): UploadTarget {
  return mediaUploadUrl(storage, 'profile-picture', 'profile picture', userId, contentType, now);
}

/** Makes the caller's uploaded picture their avatar. */
export async function setProfilePicture(db: Executor, storage: MediaStorage, userId: string, key: string) {
  const avatar = await uploadedMediaUrl(storage, 'profile-picture', 'profile picture', userId, key);
  await db.execute(sql`UPDATE users SET avatar = ${avatar}, updated_at = now() WHERE id = ${userId}`);
  return { avatar };
}

export async function removeProfilePicture(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`UPDATE users SET avatar = NULL, updated_at = now() WHERE id = ${userId}`);
}
