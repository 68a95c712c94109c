// Which picture a file really is, from its first bytes: the declared type of an upload is the
// client's word, the bytes are not. Only formats every app and browser shows are accepted.

export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];
/** 2 MiB: a phone photo resized by the app is far below; a raw camera file is not a profile picture. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

/** The image type the bytes are, or null when they are none of the accepted ones. */
export function sniffImageType(bytes: Uint8Array): ProfilePictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}
