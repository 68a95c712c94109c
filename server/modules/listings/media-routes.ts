// A listing's video (upload URL, attach, then trimming and autofill after the answer), the
// profile picture on the same storage, and the upload routes of the embedded media storage.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiErrorBody, id } from '../../../shared/contract/entities.js';
import {
  AttachedVideo,
  MEDIA_KEY_MAX,
  ProfilePicture,
  StoredUpload,
  UploadTarget,
} from '../../../shared/contract/market/listings.js';
import { singleLineText } from '../../../shared/contract/text.js';
import { HttpError } from '../../platform/http/errors.js';
import { type MarketRouteContext, NoContent, zodRouter } from '../../platform/http/market-route-context.js';
import type { ListingPorts } from './ports.js';
import { type MediaStorage, type ServedUploads, UploadTooLargeError } from '../../platform/media/media-storage.js';
import {
  LISTING_VIDEO_TYPES,
  maxBytesOf,
  parseMediaKey,
  PROFILE_PICTURE_TYPES,
} from '../../platform/media/upload-rules.js';
import { nowOf } from '../../platform/services/service-deps.js';
import { profilePictureUploadUrl, removeProfilePicture, setProfilePicture } from '../accounts/index.js';
import { attachListingVideo, listingVideoUploadUrl, processListingVideo } from './listing-media.js';

/** An upload's storage key, as a body names it. */
const mediaKey = singleLineText().min(1).max(MEDIA_KEY_MAX);
/** The same key as the uploads' wildcard path: an empty one is an unknown upload (404), not a bad request. */
const mediaKeyPath = singleLineText().max(MEDIA_KEY_MAX);

export async function listingMediaRoutes(context: MarketRouteContext<ListingPorts>): Promise<void> {
  const { app, r, deps, secured } = context;
  const tools = deps.listingTools;

  // ── Video: upload URL, attach, then trimming and autofill after the answer ──
  r.post(
    '/listing/video-upload-url',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description: `Where to PUT a listing video (at most ${maxBytesOf('listing-video')} bytes) before naming its key in POST /listing/video.`,
        body: z.strictObject({ contentType: z.enum(LISTING_VIDEO_TYPES) }),
        response: { 201: UploadTarget },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return reply.code(201).send(listingVideoUploadUrl(deps, user.id, request.body.contentType, nowOf(deps)));
    },
  );

  const processing = new Set<Promise<void>>();
  // A closing node lets the videos it started finish (a copy and a few queries), so none is left half-done.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...processing]);
  });
  r.post(
    '/listing/video',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description:
          "Attaches an uploaded video to the caller's listing (listingVideoUploaded); the trimmed rendition (updatedVideo) and a suggested title and description (aiAutofillCompleted, to the seller) follow as events.",
        body: z.strictObject({ listingId: id, key: mediaKey }),
        response: { 202: AttachedVideo, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      const attached = await attachListingVideo(deps, user.id, request.body.listingId, request.body.key);
      const job = processListingVideo(deps, user.id, attached.listingId, attached.video)
        .catch((error: unknown) =>
          app.log.error({ err: error, listingId: attached.listingId }, 'listing video processing failed'),
        )
        .finally(() => processing.delete(job));
      processing.add(job);
      return reply.code(202).send(attached);
    },
  );

  if (tools.storage.served)
    await app.register(uploadRoutes, { storage: tools.storage, served: tools.storage.served, now: () => nowOf(deps) });

  // ── Profile picture (same storage; the accounts module left it here) ──
  r.post(
    '/user/profile-picture/upload-url',
    {
      schema: {
        tags: ['user'],
        ...secured,
        description: `Where to PUT a profile picture (at most ${maxBytesOf('profile-picture')} bytes) before naming its key in PUT /user/profile-picture.`,
        body: z.strictObject({ contentType: z.enum(PROFILE_PICTURE_TYPES) }),
        response: { 201: UploadTarget },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return reply
        .code(201)
        .send(profilePictureUploadUrl(tools.storage, user.id, request.body.contentType, nowOf(deps)));
    },
  );
  r.put(
    '/user/profile-picture',
    {
      schema: {
        tags: ['user'],
        ...secured,
        description: "Makes the caller's uploaded picture their avatar.",
        body: z.strictObject({ key: mediaKey }),
        response: { 200: ProfilePicture },
      },
    },
    async (request) => setProfilePicture(deps.db, tools.storage, request.caller.id, request.body.key),
  );
  r.delete(
    '/user/profile-picture',
    {
      schema: {
        description: 'Removes the caller’s profile picture.',
        tags: ['user'],
        ...secured,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await removeProfilePicture(deps.db, request.caller.id);
      return reply.code(204).send();
    },
  );
}

interface UploadRoutesOptions {
  storage: MediaStorage;
  served: ServedUploads;
  now: () => number;
}

/**
 * `PUT|GET /v1/uploads/{key}`: the embedded storage's upload and download, authorized by the
 * signed URL rather than a token. Its own scope, so the raw-body parser for media types stays here.
 */
async function uploadRoutes(app: FastifyInstance, { served, now }: UploadRoutesOptions): Promise<void> {
  const r = zodRouter(app);
  // Media bodies reach the handler as the request stream: nothing is buffered, the limit is counted while writing.
  app.addContentTypeParser(/^(video|image)\/[\w.+-]+$/, (_request, payload, done) => done(null, payload));
  const keyOf = (wildcard: string) => {
    const parsed = parseMediaKey(wildcard);
    if (!parsed) throw new HttpError(404, 'Upload not found');
    return parsed;
  };

  r.put(
    '/uploads/*',
    {
      schema: {
        tags: ['uploads'],
        description:
          'Receives the file of a signed upload URL (from POST /listing/video-upload-url or ' +
          '/user/profile-picture/upload-url): authorized by the URL’s `expires` and `signature`, not by a token.',
        security: [{}],
        params: z.object({ '*': mediaKeyPath }),
        querystring: z.strictObject({ expires: singleLineText().max(20), signature: singleLineText().max(100) }),
        response: { 201: StoredUpload, 403: ApiErrorBody, 413: ApiErrorBody, 415: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const parsed = keyOf(request.params['*']);
      const check = served.check(parsed.key, request.query.expires, request.query.signature, now());
      if (check === 'forged') throw new HttpError(403, 'This upload URL is not valid');
      if (check === 'expired') throw new HttpError(403, 'This upload URL has expired; ask for a new one');
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (contentType !== parsed.contentType) {
        throw new HttpError(415, `This upload takes Content-Type ${parsed.contentType}`);
      }
      const maxBytes = maxBytesOf(parsed.kind);
      const declared = Number(request.headers['content-length'] ?? Number.NaN);
      if (declared > maxBytes) throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes`);
      try {
        const stored = await served.write(parsed.key, request.body as NodeJS.ReadableStream, maxBytes);
        return reply.code(201).send(stored);
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw new HttpError(413, error.message);
        throw error;
      }
    },
  );
  r.get(
    '/uploads/*',
    {
      schema: {
        tags: ['uploads'],
        description: 'The bytes of an uploaded file (a listing video, a profile picture), for anybody with its key.',
        security: [{}],
        params: z.object({ '*': mediaKeyPath }),
      },
    },
    async (request, reply) => {
      const found = await served.read(keyOf(request.params['*']).key);
      if (!found) throw new HttpError(404, 'Upload not found');
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(found.body);
    },
  );
}
