// A user's uploads to the media storage: a key names its kind and its owner, so an upload URL is
// asked for one kind, and only its owner may use the uploaded file (the listing video, the
// profile picture).
import { randomUUID } from 'node:crypto';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.js';
import type { MediaStorage, UploadTarget } from '../../platform/media/media-storage.js';
import { mediaKeyFor, parseMediaKey, type UploadKind } from '../../platform/media/upload-rules.js';

/** Where the caller's app PUTs a new file of `kind` (`what` names the kind in a refusal). */
export function mediaUploadUrl(
  storage: MediaStorage,
  kind: UploadKind,
  what: string,
  ownerId: string,
  contentType: string,
  now: number,
): UploadTarget {
  const key = mediaKeyFor(kind, ownerId, randomUUID(), contentType);
  if (!key) throw badRequest(`body/contentType: ${contentType} is not a ${what} type`);
  return storage.createUpload(key, now);
}

/** The public URL of the caller's uploaded file under `key`: a key of `kind`, theirs, and uploaded. */
export async function uploadedMediaUrl(
  storage: MediaStorage,
  kind: UploadKind,
  what: string,
  ownerId: string,
  key: string,
): Promise<string> {
  const parsed = parseMediaKey(key);
  if (!parsed || parsed.kind !== kind) throw badRequest(`body/key: not a ${what} upload key`);
  if (parsed.ownerId !== ownerId) throw new HttpError(403, 'This upload belongs to another user');
  if (!(await storage.stat(key))) throw conflict('Nothing has been uploaded under this key yet');
  return storage.publicUrl(key);
}
