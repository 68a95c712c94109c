// A user's profile picture (`/user/profile-picture`), kept in the listing tools' media storage:
// an upload URL for an image, then the uploaded key becomes `users.avatar` (its public URL).
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/database.js';
import type { UploadTarget } from '../../platform/media/media-storage.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { type ListingPorts, mediaUploadUrl, uploadedMediaUrl } from '../listings/index.js';

export function profilePictureUploadUrl(
  deps: ServiceDeps<ListingPorts>,
  userId: string,
  contentType: string,
  now: number,
): UploadTarget {
  return mediaUploadUrl(deps, 'profile-picture', 'profile picture', userId, contentType, now);
}

/** Makes the caller's uploaded picture their avatar. */
export async function setProfilePicture(deps: ServiceDeps<ListingPorts>, userId: string, key: string) {
  const avatar = await uploadedMediaUrl(deps, 'profile-picture', 'profile picture', userId, key);
  await queryRows(deps.db, sql`UPDATE users SET avatar = ${avatar}, updated_at = now() WHERE id = ${userId}`);
  return { avatar };
}

export async function removeProfilePicture(deps: ServiceDeps<ListingPorts>, userId: string): Promise<void> {
  await deps.db.execute(sql`UPDATE users SET avatar = NULL, updated_at = now() WHERE id = ${userId}`);
}
