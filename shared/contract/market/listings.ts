// The buyer/seller API's listings area: what sellers send to create, edit, draft and bulk-list,
// and what the listing routes and listing tools answer (server/modules/listings). The serializer
// checks every answer against its schema (a mismatch is a 500) and drops any field it leaves out,
// so each schema names exactly what its service returns; the services return `z.output` of them.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText, storedUrl } from '../answer-limits.js';
import {
  AdminListing,
  ApiErrorBody,
  epochMsDigits,
  id,
  INTEGER_COLUMN_MAX,
  MAX_EPOCH_MS,
  isoDate,
  listResponse,
  ProfileRef,
  usd,
} from '../entities.js';
import { LISTING_STATUSES, LISTING_TYPES, MASS_UNITS, REPORT_TYPES, SHIPPING_TYPES } from '../enums.js';
import { listingVideo } from '../listing-video.js';
import { freeText, singleLineText } from '../text.js';

const count = z.number().int().nonnegative();
const listingStatus = z.enum(LISTING_STATUSES);
/** Epoch milliseconds as a string, as the apps read a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();

// ── Requests ──

/** Up to the last millisecond of the year 9999, as digits or a number: a time a timestamp column holds. */
const epochMs = z.union([epochMsDigits(), z.number().int().nonnegative().max(MAX_EPOCH_MS)]);
const dimension = z.number().int().nonnegative().max(INTEGER_COLUMN_MAX);

/** The create-listing payload with its defaults. */
export const CreateListingBody = z
  .object({
    title: singleLineText().trim().min(1).max(200),
    description: freeText().max(5000).default(''),
    price: usd.optional(),
    currency: z.literal('USD').default('USD'),
    video: listingVideo().nullable().optional(),
    trimmedVideo: listingVideo().nullable().optional(),
    listingType: z.enum(LISTING_TYPES).default('default'),
    inStock: z.number().int().min(0).max(10_000).default(1),
    startingBid: usd.optional(),
    timezone: singleLineText().max(64).optional(),
    auctionEndDate: singleLineText().max(64).optional(),
    auctionEndTime: singleLineText().max(64).optional(),
    packagingType: singleLineText().max(64).optional(),
    weight: dimension.default(12),
    massUnit: z.enum(MASS_UNITS).default('oz'),
    width: dimension.default(0),
    height: dimension.default(0),
    length: dimension.default(0),
    /** Epoch milliseconds (auctions and giveaways); default 7 days from now. */
    endTime: epochMs.optional(),
    subCategoryId: singleLineText().min(1).max(64).optional(),
    shippingType: z.enum(SHIPPING_TYPES).default('seller_pays'),
    shippingCost: usd.default(0),
    /** Save as a draft instead of publishing. */
    draft: z.boolean().default(false),
  })
  .strict();
export type CreateListingBody = z.output<typeof CreateListingBody>;

export const EditListingBody = z
  .object({
    title: singleLineText().trim().min(1).max(200),
    description: freeText().max(5000),
    price: usd,
    inStock: z.number().int().min(0).max(10_000),
    startingBid: usd,
    video: listingVideo().nullable(),
    weight: dimension,
    massUnit: z.enum(MASS_UNITS),
    width: dimension,
    height: dimension,
    length: dimension,
    endTime: epochMs,
    shippingType: z.enum(SHIPPING_TYPES),
    shippingCost: usd,
  })
  .partial()
  .strict();
export type EditListingBody = z.output<typeof EditListingBody>;

/** The create-listing payload (with its defaults) of a form saved half-filled: even the title may wait. */
export const DraftListingBody = CreateListingBody.omit({ draft: true }).extend({
  title: singleLineText().trim().max(200).default(''),
});
export type DraftListingBody = z.output<typeof DraftListingBody>;

/** A bulk request is one transaction holding its rows' locks: 50 listings, 100 drafts at most. */
export const MAX_BULK_LISTINGS = 50;
export const MAX_BULK_PUBLISH = 100;

export const BulkListingsBody = z.strictObject({
  listings: z.array(CreateListingBody).min(1).max(MAX_BULK_LISTINGS),
});
export const BulkPublishBody = z.strictObject({
  ids: z
    .array(id)
    .min(1)
    .max(MAX_BULK_PUBLISH)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
});

/** One item a bulk request refused: its place in `listings` (bulk create) or the draft's id (bulk publish). */
export const BulkRefusedItem = z.object({
  index: z
    .number()
    .int()
    .nonnegative()
    .max(MAX_BULK_LISTINGS - 1)
    .optional(),
  id: id.optional(),
  statusCode: z.number().int().min(400).max(599),
  message: storedText(),
});
export type BulkRefusedItem = z.output<typeof BulkRefusedItem>;

/**
 * A refused bulk request: the error body every refusal has, and, when the items were read one by
 * one and none was listed or published, `errors`: each refused item. A body the schema refuses
 * answers the plain error body.
 */
export const BulkRefusal = ApiErrorBody.extend({
  errors: z.array(BulkRefusedItem).max(Math.max(MAX_BULK_LISTINGS, MAX_BULK_PUBLISH)).optional(),
});

// ── Listings ──

/** A listing as buyers and its seller read it (`listingOf`). */
export const MarketListing = AdminListing.pick({
  id: true,
  title: true,
  description: true,
  listingType: true,
  inStock: true,
  startingBid: true,
  bid: true,
  featured: true,
  createdAt: true,
  endTime: true,
  video: true,
  massUnit: true,
  weight: true,
  width: true,
  height: true,
  length: true,
}).extend({
  status: listingStatus,
  currency: z.literal('USD'),
  /** The buy-now price; null for auctions and giveaways without one. */
  price: usd.nullable(),
  bidCount: count,
  shippingType: z.enum(SHIPPING_TYPES),
  shippingCost: usd,
  /** The seller. */
  user: ProfileRef,
});
export type MarketListing = z.output<typeof MarketListing>;
export const MarketListings = listResponse(MarketListing);
export type MarketListings = z.output<typeof MarketListings>;

// ── Uploads (media-storage.ts) ──

/** The longest storage key of an upload (`{kind}/{owner id}/{uuid}.{extension}` is far shorter). */
export const MEDIA_KEY_MAX = 300;

/** Where the app PUTs a file (`UploadTarget`), then names `key` in the call that attaches it. */
export const UploadTarget = z.object({
  key: z.string().max(MEDIA_KEY_MAX),
  /** PUT the file's bytes here, with `headers`, before `expiresAt`. */
  uploadUrl: storedUrl(),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': storedLine() }),
  maxBytes: count,
  expiresAt: isoDate,
});
/** The file a signed upload stored (`StoredMedia`). */
export const StoredUpload = z.object({ key: storedLine(), contentType: storedLine(), size: count });

export const AttachedVideo = z.object({
  listingId: id,
  video: storedUrl(),
  /** The trimmed rendition (updatedVideo) and the autofill suggestion (aiAutofillCompleted) follow as events. */
  processing: z.literal('started'),
});
export type AttachedVideo = z.output<typeof AttachedVideo>;
export const ProfilePicture = z.object({ avatar: storedUrl() });

// ── Drafts ──

/** A draft (`MarketDraft`): the listing, the draft form's own fields, and what publishing still lacks. */
export const Draft = MarketListing.extend({
  subCategoryId: id.nullable(),
  timezone: storedLine().nullable(),
  auctionEndDate: storedText().nullable(),
  auctionEndTime: storedText().nullable(),
  packagingType: storedText().nullable(),
  trimmedVideo: storedUrl().nullable(),
  /** `field: message` for each thing publishing needs; empty when the draft can be published. */
  missing: z.array(storedText()).max(ANSWER_ITEMS_MAX),
});
export type Draft = z.output<typeof Draft>;
export const Drafts = listResponse(Draft);

// ── Saved listings ──

export const SavedState = z.object({ listingId: id, saved: z.boolean() });
export type SavedState = z.output<typeof SavedState>;
/** `created` is false when the listing was already saved (answered 200 instead of 201). */
export const SavedListing = SavedState.extend({ created: z.boolean() });
export type SavedListing = z.output<typeof SavedListing>;

// ── Reports, price guidance, share, end time ──

export const ReportListingBody = z.strictObject({
  listingId: id,
  reportType: z.enum(REPORT_TYPES),
  text: freeText().trim().min(1).max(2000).optional(),
});
export type ReportListingBody = z.output<typeof ReportListingBody>;

export const ListingReport = z.object({
  id,
  listingId: id,
  reportType: z.enum(REPORT_TYPES),
  text: storedText().nullable(),
  status: z.literal('open'),
  createdAt: isoDate,
});
export type ListingReport = z.output<typeof ListingReport>;

/** Paid sales of the subcategory and type since `since`; prices are null when nothing sold. */
export const PriceGuidance = z.object({
  subCategoryId: id,
  listingType: z.enum(['default', 'auction']),
  days: z.number().int().positive(),
  since: isoDate,
  count,
  min: usd.nullable(),
  /** An even count's median is the mean of the two middle prices, rounded to the cent. */
  median: usd.nullable(),
  max: usd.nullable(),
});
export type PriceGuidance = z.output<typeof PriceGuidance>;

export const ListingShare = z.object({
  listingId: id,
  /** The app's universal link to the listing. */
  url: storedUrl(),
  title: storedLine(),
  priceText: storedLine(),
  /** Ready to paste: title, price line, link. */
  text: storedText(),
  status: listingStatus,
  /** The seller's user name. */
  seller: storedLine().nullable(),
  /** The preview: the trimmed rendition when there is one. */
  video: storedUrl().nullable(),
});
export type ListingShare = z.output<typeof ListingShare>;

export const ListingEndTime = z.object({
  listingId: id,
  listingType: z.enum(LISTING_TYPES),
  status: listingStatus,
  /** null for buy-now listings and drafts without a chosen end. */
  endTime: epochMsText.nullable(),
});
