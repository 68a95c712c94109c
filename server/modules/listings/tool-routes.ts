// A seller's listing tools beyond create/edit/publish (video, drafts, saved listings, reports, bulk, prices, share,
// end time), and the upload routes of the embedded media storage.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { id } from '../../../shared/contract/entities.js';
import { freeText, singleLineText } from '../../../shared/contract/text.js';
import { REPORT_TYPES } from '../../../shared/contract/enums.js';
import { errorBody, HttpError } from '../../platform/http/errors.js';
import { type MediaStorage, type ServedUploads, UploadTooLargeError } from '../../platform/media/media-storage.js';
import {
  LISTING_VIDEO_TYPES,
  maxBytesOf,
  parseMediaKey,
  PROFILE_PICTURE_TYPES,
} from '../../platform/media/upload-rules.js';
import { MAX_END_TIME_INCREMENT_MS, MIN_END_TIME_INCREMENT_MS } from '../auctions/rules/auction-end-time.js';
import { incrementAuctionEndTime, listingEndTime, setListingEndTime } from '../auctions/auction-schedule.js';
import {
  BulkListingsBody,
  BulkPublishBody,
  BulkRefusedError,
  createListingsInBulk,
  publishDraftsInBulk,
} from './bulk-listings.js';
import { nowOf } from '../../market-deps.js';
import { createDraft, deleteDraft, DraftListingBody, getDraft, listDrafts, replaceDraft } from './drafts.js';
import { attachListingVideo, listingVideoUploadUrl, processListingVideo, toolsOf } from './listing-media.js';
import { reportListing } from './listing-reports.js';
import { shareListing } from './listing-share.js';
import { profilePictureUploadUrl, removeProfilePicture, setProfilePicture } from '../accounts/profile-pictures.js';
import { DEFAULT_PRICE_GUIDANCE_DAYS, MAX_PRICE_GUIDANCE_DAYS, priceGuidance } from './price-guidance.js';
import { isSaved, saveListing, savedListings, unsaveListing } from './saved-listings.js';
import {
  IdParams,
  type MarketRouteContext,
  NoContent,
  Paging,
  zodRouter,
} from '../../platform/http/market-route-context.js';
import {
  AttachedVideo,
  Draft,
  Drafts,
  ListingEndTime,
  ListingReport,
  ListingShare,
  PriceGuidance,
  ProfilePicture,
  SavedListing,
  SavedState,
  StoredUpload,
  UploadTarget,
} from './tool-responses.js';
import { MarketListings } from '../../market-responses.js';

const epochMs = z.union([z.string().regex(/^\d{1,15}$/), z.number().int().nonnegative()]).transform(Number);

/** A bulk refusal's answer: the error body plus each refused item. */
async function answeringBulkRefusals<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof BulkRefusedError)) throw error;
    return reply.code(error.statusCode).send({ ...errorBody(error.statusCode, error.message), errors: error.errors });
  }
}

export async function listingToolRoutes(context: MarketRouteContext): Promise<void> {
  const { app, r, deps, caller, secured } = context;
  const { db } = deps;
  const tools = toolsOf(deps);

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
      const user = await caller(request);
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
        body: z.strictObject({ listingId: id, key: singleLineText().min(1).max(300) }),
        response: { 202: AttachedVideo },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
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
      const user = await caller(request);
      return reply.code(201).send(profilePictureUploadUrl(deps, user.id, request.body.contentType, nowOf(deps)));
    },
  );
  r.put(
    '/user/profile-picture',
    {
      schema: {
        tags: ['user'],
        ...secured,
        description: "Makes the caller's uploaded picture their avatar.",
        body: z.strictObject({ key: singleLineText().min(1).max(300) }),
        response: { 200: ProfilePicture },
      },
    },
    async (request) => setProfilePicture(deps, (await caller(request)).id, request.body.key),
  );
  r.delete(
    '/user/profile-picture',
    { schema: { tags: ['user'], ...secured, response: { 204: NoContent } } },
    async (request, reply) => {
      await removeProfilePicture(deps, (await caller(request)).id);
      return reply.code(204).send();
    },
  );

  // ── Drafts ──
  r.post(
    '/draft-listing',
    { schema: { tags: ['drafts'], ...secured, body: DraftListingBody, response: { 201: Draft } } },
    async (request, reply) => reply.code(201).send(await createDraft(deps, (await caller(request)).id, request.body)),
  );
  r.get(
    '/draft-listing',
    { schema: { tags: ['drafts'], ...secured, querystring: Paging, response: { 200: Drafts } } },
    async (request) => listDrafts(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.get(
    '/draft-listing/:id',
    { schema: { tags: ['drafts'], ...secured, params: IdParams, response: { 200: Draft } } },
    async (request) => getDraft(db, (await caller(request)).id, request.params.id),
  );
  r.put(
    '/draft-listing/:id',
    { schema: { tags: ['drafts'], ...secured, params: IdParams, body: DraftListingBody, response: { 200: Draft } } },
    async (request) => replaceDraft(deps, (await caller(request)).id, request.params.id, request.body),
  );
  r.delete(
    '/draft-listing/:id',
    { schema: { tags: ['drafts'], ...secured, params: IdParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await deleteDraft(deps, (await caller(request)).id, request.params.id);
      return reply.code(204).send();
    },
  );

  // ── Bulk ──
  r.post(
    '/listing/bulk',
    { schema: { tags: ['listings'], ...secured, body: BulkListingsBody, response: { 201: MarketListings } } },
    async (request, reply) => {
      const user = await caller(request);
      return answeringBulkRefusals(reply, async () =>
        reply.code(201).send(await createListingsInBulk(deps, user.id, request.body.listings)),
      );
    },
  );
  r.post(
    '/listing/publish-bulk',
    { schema: { tags: ['listings'], ...secured, body: BulkPublishBody, response: { 200: MarketListings } } },
    async (request, reply) => {
      const user = await caller(request);
      return answeringBulkRefusals(reply, () => publishDraftsInBulk(deps, user.id, request.body.ids));
    },
  );

  // ── Saved listings ──
  r.post(
    '/saved-listing',
    {
      schema: {
        tags: ['saved listings'],
        ...secured,
        body: z.strictObject({ listingId: id }),
        response: { 200: SavedListing, 201: SavedListing },
      },
    },
    async (request, reply) => {
      const saved = await saveListing(db, (await caller(request)).id, request.body.listingId);
      return reply.code(saved.created ? 201 : 200).send(saved);
    },
  );
  r.get(
    '/saved-listing',
    { schema: { tags: ['saved listings'], ...secured, querystring: Paging, response: { 200: MarketListings } } },
    async (request) => savedListings(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.get(
    '/saved-listing/:id',
    { schema: { tags: ['saved listings'], ...secured, params: IdParams, response: { 200: SavedState } } },
    async (request) => isSaved(db, (await caller(request)).id, request.params.id),
  );
  r.delete(
    '/saved-listing/:id',
    { schema: { tags: ['saved listings'], ...secured, params: IdParams, response: { 200: SavedState } } },
    async (request) => unsaveListing(db, (await caller(request)).id, request.params.id),
  );

  // ── Reports, price guidance, share ──
  r.post(
    '/listing/report',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        body: z.strictObject({
          listingId: id,
          reportType: z.enum(REPORT_TYPES),
          text: freeText().trim().min(1).max(2000).optional(),
        }),
        response: { 201: ListingReport },
      },
    },
    async (request, reply) => reply.code(201).send(await reportListing(db, (await caller(request)).id, request.body)),
  );
  r.get(
    '/listing/listing-prices',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        querystring: z.strictObject({
          subCategoryId: id,
          listingType: z.enum(['default', 'auction']),
          days: z.coerce.number().int().min(1).max(MAX_PRICE_GUIDANCE_DAYS).default(DEFAULT_PRICE_GUIDANCE_DAYS),
        }),
        response: { 200: PriceGuidance },
      },
    },
    async (request) => priceGuidance(db, request.query, nowOf(deps)),
  );
  r.get(
    '/listing/share/:id',
    { schema: { tags: ['listings'], params: IdParams, response: { 200: ListingShare } } },
    async (request) => shareListing(db, tools.appLinkBaseUrl, request.params.id),
  );

  // ── End time ──
  r.get(
    '/listing/end-time/:id',
    { schema: { tags: ['listings'], params: IdParams, response: { 200: ListingEndTime } } },
    async (request) => listingEndTime(db, request.params.id),
  );
  r.put(
    '/listing/end-time/:id',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description:
          "Sets the end time (epoch ms) of the caller's draft auction or giveaway, or of their auction without bids: 1 hour to 14 days from now.",
        params: IdParams,
        body: z.strictObject({ endTime: epochMs }),
        response: { 200: ListingEndTime },
      },
    },
    async (request) => setListingEndTime(deps, (await caller(request)).id, request.params.id, request.body.endTime),
  );
  r.patch(
    '/listing/:id/increment-time',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description:
          "Extends the caller's running auction by 1 to 1440 minutes, ending at most 14 days from now (listingEndTimeIncremented).",
        params: IdParams,
        body: z.strictObject({
          minutes: z
            .number()
            .int()
            .min(MIN_END_TIME_INCREMENT_MS / 60_000)
            .max(MAX_END_TIME_INCREMENT_MS / 60_000),
        }),
        response: { 200: ListingEndTime },
      },
    },
    async (request) =>
      incrementAuctionEndTime(deps, (await caller(request)).id, request.params.id, request.body.minutes * 60_000),
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
        description: 'Receives the file of a signed upload URL (from POST /listing/video-upload-url).',
        params: z.object({ '*': singleLineText() }),
        querystring: z.strictObject({ expires: singleLineText().max(20), signature: singleLineText().max(100) }),
        response: { 201: StoredUpload },
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
    { schema: { tags: ['uploads'], params: z.object({ '*': singleLineText() }) } },
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
