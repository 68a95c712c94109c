// What a listing's `video` may be: an https: URL, or a file of our own media storage (its key, or
// the URL the storage serves it at, `{api}/uploads/{key}`, which is http on a local API). The API
// refuses anything else on every path that writes a video (`javascript:`, `data:`, http elsewhere,
// plain text), and the admin app frames only what `embeddableVideoUrl` gives, showing any other
// stored value (older rows, a bare key) as text. Plain patterns, not `URL`: this runs in every
// runtime, and a parser that trims or repairs its input would accept more than it shows.

/** A host name or address, with an optional port; no user info. */
const HOST = String.raw`[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?`;
/** Path, query and fragment: no space, backslash or control character. */
const REST = String.raw`(?:[/?#][^\s\\\u0000-\u001F\u007F]*)?`;
/** A listing video's key in our media storage (server/platform/media/upload-rules.ts): the upload or its trimmed rendition. */
const KEY = String.raw`(?:listing-video|trimmed-video)/[A-Za-z0-9-]{1,64}/[A-Za-z0-9-]{1,64}\.[a-z0-9]{2,5}`;

const HTTPS_URL = new RegExp(`^https://${HOST}${REST}$`, 'i');
const OWN_MEDIA_KEY = new RegExp(`^${KEY}$`);
const OWN_MEDIA_URL = new RegExp(String.raw`^https?://${HOST}(?:/[A-Za-z0-9._~-]+)*/uploads/${KEY}$`, 'i');

export const LISTING_VIDEO_MESSAGE = 'must be an https: URL or a video uploaded to this marketplace';

/** Whether the API may store `value` as a listing's video (or trimmed video). */
export function isListingVideo(value: string): boolean {
  return HTTPS_URL.test(value) || OWN_MEDIA_URL.test(value) || OWN_MEDIA_KEY.test(value);
}

/**
 * The URL the admin app may frame for a stored video, or null: then it shows the value as text.
 * Our own storage's http URL (a local API) is asked for over https, as the app's CSP plays only that.
 */
export function embeddableVideoUrl(value: string): string | null {
  if (HTTPS_URL.test(value)) return value;
  if (OWN_MEDIA_URL.test(value)) return value.replace(/^http:/i, 'https:');
  return null;
}
