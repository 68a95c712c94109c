// What an upload may be: the kinds of media the apps send, their content types and size limits,
// the shape of a storage key, and the check of a signed upload URL. No I/O: HMAC is a pure
// function of the secret and the text it signs.
import { createHmac, timingSafeEqual } from 'node:crypto';

const MB = 1024 * 1024;

/** What the apps upload, each with the content types it accepts (→ file extension) and its size limit. */
export const UPLOAD_KINDS = {
  'listing-video': {
    contentTypes: { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' },
    /** A phone's 60-second 1080p clip is 40–130 MB. */
    maxBytes: 200 * MB,
  },
  'profile-picture': {
    contentTypes: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' },
    maxBytes: 10 * MB,
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** Media the server writes itself (never through an upload URL). */
export type DerivedKind = 'trimmed-video';
export type MediaKind = UploadKind | DerivedKind;

export const LISTING_VIDEO_TYPES = Object.keys(UPLOAD_KINDS['listing-video'].contentTypes) as [string, ...string[]];
export const PROFILE_PICTURE_TYPES = Object.keys(UPLOAD_KINDS['profile-picture'].contentTypes) as [string, ...string[]];

/** An upload URL is good for 15 minutes: long enough for a slow phone connection, short enough to leak little. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

const EXTENSION_TYPES: Record<string, string> = Object.fromEntries(
  Object.values(UPLOAD_KINDS).flatMap((kind) => Object.entries(kind.contentTypes).map(([type, ext]) => [ext, type])),
);

/** `kind/owner/name.ext`: the owner is the uploader's user id, so a key says whose it is. */
const KEY_PATTERN =
  /^(listing-video|trimmed-video|profile-picture)\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})\.([a-z0-9]{2,5})$/;

export interface MediaKey {
  key: string;
  kind: MediaKind;
  ownerId: string;
  contentType: string;
}

/** The parts of a storage key, or null for anything this API never issues (also `..` and the like). */
export function parseMediaKey(key: string): MediaKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const contentType = EXTENSION_TYPES[match[4]!];
  if (!contentType) return null;
  return { key, kind: match[1] as MediaKind, ownerId: match[2]!, contentType };
}

/** The key of a new file of `contentType`, or null when `kind` does not take that type. */
export function mediaKeyFor(kind: MediaKind, ownerId: string, name: string, contentType: string): string | null {
  const uploadKind: UploadKind = kind === 'trimmed-video' ? 'listing-video' : kind;
  const extension = (UPLOAD_KINDS[uploadKind].contentTypes as Record<string, string>)[contentType];
  if (!extension) return null;
  const key = `${kind}/${ownerId}/${name}.${extension}`;
  return parseMediaKey(key) ? key : null;
}

/** The size limit of an upload under `key` (derived media has its source's limit). */
export function maxBytesOf(kind: MediaKind): number {
  return UPLOAD_KINDS[kind === 'trimmed-video' ? 'listing-video' : kind].maxBytes;
}

/** The signature of "PUT this key until expires" (base64url HMAC-SHA256). */
export function uploadSignature(secret: string, key: string, expiresMs: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expiresMs}`).digest('base64url');
}

export type UploadCheck = 'ok' | 'expired' | 'forged';

/** Whether a PUT to `key` with `expires` and `signature` from its URL may write, at `now`. */
export function checkUploadSignature(
  secret: string,
  key: string,
  expires: string,
  signature: string,
  now: number,
): UploadCheck {
  if (!/^\d{1,15}$/.test(expires)) return 'forged';
  const expected = Buffer.from(uploadSignature(secret, key, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  // Checked after the signature, so a forged URL never learns whether its time was right.
  return Number(expires) <= now ? 'expired' : 'ok';
}
