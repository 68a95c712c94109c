// The embedded media storage: files in a directory on this node, uploaded and read back through
// this API's own `/v1/uploads/{key}` routes with HMAC-signed, expiring upload URLs. One node (or
// a shared volume); a deployment with several nodes would use an object store behind the same port.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MediaStorage, type StoredMedia, UploadTooLargeError } from './media-storage.js';
import { checkUploadSignature, maxBytesOf, parseMediaKey, UPLOAD_URL_TTL_MS, uploadSignature } from './upload-rules.js';

export interface LocalMediaOptions {
  /** Where the files live (created on the first upload). */
  dir: string;
  /** Signs upload URLs; every node serving the same directory needs the same one. */
  secret: string;
  /** The API's public base URL, e.g. `https://api.example.com/v1`. */
  publicBaseUrl: string;
}

export function localMediaStorage(options: LocalMediaOptions): MediaStorage {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const pathOf = (key: string) => {
    // Keys are checked against the issued shape (no `..`, no leading `/`) before they touch the disk.
    if (!parseMediaKey(key)) throw new Error(`Not a media key: ${key}`);
    return join(options.dir, key);
  };
  const statOf = async (key: string): Promise<StoredMedia | null> => {
    const parsed = parseMediaKey(key);
    if (!parsed) return null;
    try {
      const file = await stat(pathOf(key));
      return file.isFile() ? { key, contentType: parsed.contentType, size: file.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const uploadsPrefix = `${base}/uploads/`;

  return {
    createUpload(key, now) {
      const parsed = parseMediaKey(key);
      if (!parsed) throw new Error(`Not a media key: ${key}`);
      const expires = now + UPLOAD_URL_TTL_MS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: uploadSignature(options.secret, key, expires),
      });
      return {
        key,
        uploadUrl: `${uploadsPrefix}${key}?${query}`,
        method: 'PUT',
        headers: { 'content-type': parsed.contentType },
        maxBytes: maxBytesOf(parsed.kind),
        expiresAt: new Date(expires).toISOString(),
      };
    },
    stat: statOf,
    publicUrl: (key) => `${uploadsPrefix}${key}`,
    keyOf(url) {
      if (!url.startsWith(uploadsPrefix)) return null;
      const key = url.slice(uploadsPrefix.length);
      return parseMediaKey(key) ? key : null;
    },
    async copy(fromKey, toKey) {
      const target = pathOf(toKey);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.part-${randomUUID()}`;
      await copyFile(pathOf(fromKey), partial);
      await rename(partial, target);
      const copied = await statOf(toKey);
      if (!copied) throw new Error(`Copy of ${fromKey} to ${toKey} vanished`);
      return copied;
    },
    served: {
      check: (key, expires, signature, now) => checkUploadSignature(options.secret, key, expires, signature, now),
      async write(key, body, maxBytes) {
        const target = pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        // Written beside the target and renamed when complete: a reader never sees half a file,
        // and a refused or broken upload leaves nothing.
        const partial = `${target}.part-${randomUUID()}`;
        let size = 0;
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            if (size > maxBytes) done(new UploadTooLargeError(maxBytes));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(body, limit, createWriteStream(partial));
          await rename(partial, target);
        } catch (error) {
          await rm(partial, { force: true });
          throw error;
        }
        const parsed = parseMediaKey(key)!;
        return { key, contentType: parsed.contentType, size };
      },
      async read(key) {
        const found = await statOf(key);
        if (!found) return null;
        return { contentType: found.contentType, size: found.size, body: createReadStream(pathOf(key)) };
      },
    },
  };
}
