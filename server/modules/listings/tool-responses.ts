// What the listing tools of listing-tools.ts answer (video, profile picture, drafts, saved
// listings, reports, price guidance, share, end time) and the JSON answer of the embedded
// storage's upload. Like responses.ts, each schema names exactly what its service in
// server/market/ returns (tests/market/openapi.test.ts holds them to it): the serializer checks
// every answer against it (a mismatch is a 500) and drops any field it leaves out.
import { z } from 'zod';
import { AdminListing, id, isoDate, listResponse, usd } from '../../../shared/contract/entities.js';
import { LISTING_STATUSES, LISTING_TYPES, REPORT_TYPES } from '../../../shared/contract/enums.js';
import { MarketListing } from '../../market-responses.js';

const count = z.number().int().nonnegative();
const listingStatus = z.enum(LISTING_STATUSES);
/** Epoch milliseconds as a string, as the specification writes a listing's end time. */
const epochMsText = AdminListing.shape.endTime.unwrap();

// ── Uploads (media-storage.ts) ──

/** Where the app PUTs a file (`UploadTarget`), then names `key` in the call that attaches it. */
export const UploadTarget = z.object({
  key: z.string(),
  /** PUT the file's bytes here, with `headers`, before `expiresAt`. */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.object({ 'content-type': z.string() }),
  maxBytes: count,
  expiresAt: isoDate,
});
/** The file a signed upload stored (`StoredMedia`). */
export const StoredUpload = z.object({ key: z.string(), contentType: z.string(), size: count });

export const AttachedVideo = z.object({
  listingId: id,
  video: z.string(),
  /** The trimmed rendition (updatedVideo) and the autofill suggestion (aiAutofillCompleted) follow as events. */
  processing: z.literal('started'),
});
export const ProfilePicture = z.object({ avatar: z.string() });

// ── Drafts ──

/** A draft (`MarketDraft`): the listing, the draft form's own fields, and what publishing still lacks. */
export const Draft = MarketListing.extend({
  subCategoryId: id.nullable(),
  timezone: z.string().nullable(),
  auctionEndDate: z.string().nullable(),
  auctionEndTime: z.string().nullable(),
  packagingType: z.string().nullable(),
  trimmedVideo: z.string().nullable(),
  /** `field: message` for each thing publishing needs; empty when the draft can be published. */
  missing: z.array(z.string()),
});
export const Drafts = listResponse(Draft);

// ── Saved listings ──

export const SavedState = z.object({ listingId: id, saved: z.boolean() });
/** `created` is false when the listing was already saved (answered 200 instead of 201). */
export const SavedListing = SavedState.extend({ created: z.boolean() });

// ── Reports, price guidance, share, end time ──

export const ListingReport = z.object({
  id,
  listingId: id,
  reportType: z.enum(REPORT_TYPES),
  text: z.string().nullable(),
  status: z.literal('open'),
  createdAt: isoDate,
});

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

export const ListingShare = z.object({
  listingId: id,
  /** The app's universal link to the listing. */
  url: z.string(),
  title: z.string(),
  priceText: z.string(),
  /** Ready to paste: title, price line, link. */
  text: z.string(),
  status: listingStatus,
  /** The seller's user name. */
  seller: z.string().nullable(),
  /** The preview: the trimmed rendition when there is one. */
  video: z.string().nullable(),
});

export const ListingEndTime = z.object({
  listingId: id,
  listingType: z.enum(LISTING_TYPES),
  status: listingStatus,
  /** null for buy-now listings and drafts without a chosen end. */
  endTime: epochMsText.nullable(),
});
