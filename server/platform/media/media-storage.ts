// The media storage port: where listing videos and profile pictures live. The apps upload
// straight to a URL the storage signs (the API never proxies a provider's upload), then name
// the key in an API call that attaches the file.
export interface UploadTarget {
  key: string;
  /** PUT the file's bytes here, with `headers`, before `expiresAt`. */
  uploadUrl: string;
  method: 'PUT';
  headers: { 'content-type': string };
  maxBytes: number;
  expiresAt: string;
}

export interface StoredMedia {
  key: string;
  contentType: string;
  size: number;
}

export interface MediaStorage {
  /** A signed URL that alone authorizes one upload under `key` until it expires. */
  createUpload(key: string, now: number): UploadTarget;
  /** The stored file, or null when nothing was uploaded under `key`. */
  stat(key: string): Promise<StoredMedia | null>;
  /** The URL the apps read the file from. */
  publicUrl(key: string): string;
  /** The key a public URL of this storage points at, or null for any other URL. */
  keyOf(url: string): string | null;
  /** Copies a stored file to a new key (the video processing's output). */
  copy(fromKey: string, toKey: string): Promise<StoredMedia>;
  /**
   * The uploads this API serves itself (`PUT|GET /v1/uploads/{key}`); null for a provider that
   * serves its own URLs.
   */
  served: ServedUploads | null;
}

export interface ServedUpload {
  contentType: string;
  size: number;
  body: NodeJS.ReadableStream;
}

/** What `PUT|GET /v1/uploads/{key}` need from a storage that lives behind this API. */
export interface ServedUploads {
  /** Checks a PUT's `expires` and `signature` query against its key. */
  check(key: string, expires: string, signature: string, now: number): 'ok' | 'expired' | 'forged';
  /** Streams `body` under `key`; throws `UploadTooLargeError` past `maxBytes` and leaves nothing behind. */
  write(key: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<StoredMedia>;
  read(key: string): Promise<ServedUpload | null>;
}

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}
