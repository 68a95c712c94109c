// A listing's video: the upload URL, attaching the uploaded file (listingVideoUploaded), then,
// after the answer, the trimmed rendition (updatedVideo) and the autofill suggestion
// (aiAutofillCompleted, to the seller only).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { listingRoom, userRoom } from '../../../shared/contract/realtime-events.js';
import { conflict, HttpError } from '../../platform/http/errors.js';
import type { UploadTarget } from '../../platform/media/media-storage.js';
import { mediaKeyFor, parseMediaKey } from '../../platform/media/upload-rules.js';
import { mediaUploadUrl, uploadedMediaUrl } from '../accounts/index.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { ListingPorts } from './ports.js';
import { marketEvent } from '../../platform/events/pending-events.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import type { AttachedVideo } from '../../../shared/contract/market/listings.js';
import { lockOwned } from './listings.js';
import { markListingEditor } from './listing-versions.js';
import { EDIT_LOCKED_BY_BIDS } from './rules/bid-edit-lock.js';
import { categories, listings, subcategories } from '../../platform/db/schema/index.js';
import { leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** Where the seller's app PUTs a new listing video. */
export function listingVideoUploadUrl(
  deps: ServiceDeps<ListingPorts>,
  sellerId: string,
  contentType: string,
  now: number,
): UploadTarget {
  return mediaUploadUrl(deps.listingTools.storage, 'listing-video', 'listing video', sellerId, contentType, now);
}

/**
 * Makes the caller's uploaded file the video of their listing. The file must be theirs (its key
 * names them) and uploaded; a listing that has ended keeps its video.
 */
export async function attachListingVideo(
  deps: ServiceDeps<ListingPorts>,
  sellerId: string,
  listingId: string,
  key: string,
): Promise<AttachedVideo> {
  const video = await uploadedMediaUrl(deps.listingTools.storage, 'listing-video', 'listing video', sellerId, key);
  await inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockOwned(tx, listingId, sellerId);
    if (row.status === 'sold' || row.status === 'auction_ended') throw conflict('An ended listing cannot change');
    // A new video is not adding to the description: once bidders came, it is the seller's to keep.
    if (row.bid_count > 0 || row.bid_cents !== null) throw new HttpError(409, EDIT_LOCKED_BY_BIDS, 'editLockedByBids');
    await markListingEditor(tx, sellerId);
    await tx.execute(
      sql`UPDATE listings SET video = ${video}, trimmed_video = NULL, updated_at = now() WHERE id = ${listingId}`,
    );
    outbox.add(marketEvent('listingVideoUploaded', [listingRoom(listingId)], { listingId, video }));
  });
  return { listingId, video, processing: 'started' };
}

/** What the autofill reads of a listing: its facts, and its category's and subcategory's titles. */
const FACTS_ROW = sqlRow(
  listings,
  'title',
  'listing_type',
  'packaging_type',
  'weight',
  'mass_unit',
  'width',
  'height',
  'length',
  'shipping_type',
).extend(
  leftJoined({
    category_title: sqlColumn(categories, 'title'),
    subcategory_title: sqlColumn(subcategories, 'title'),
  }).shape,
);

/**
 * What follows an attached video, run after the answer: the trimmed rendition (kept only if the
 * listing still shows that video), then the autofill suggestion for the seller.
 */
export async function processListingVideo(
  deps: ServiceDeps<ListingPorts>,
  sellerId: string,
  listingId: string,
  video: string,
): Promise<void> {
  const { storage, videoProcessing, autofill } = deps.listingTools;
  const sourceKey = storage.keyOf(video);
  const source = sourceKey === null ? null : parseMediaKey(sourceKey);
  if (!source) throw new Error(`Not a video of this storage: ${video}`);
  const targetKey = mediaKeyFor('trimmed-video', sellerId, randomUUID(), source.contentType)!;
  const trimmed = await videoProcessing.trim({ sourceKey: source.key, targetKey });
  const trimmedVideo = storage.publicUrl(trimmed.key);
  const kept = await readRows(
    deps.db,
    sqlRow(listings, 'id'),
    sql`UPDATE listings SET trimmed_video = ${trimmedVideo}, updated_at = now()
        WHERE id = ${listingId} AND video = ${video} AND deleted_at IS NULL RETURNING id`,
  );
  // Replaced (or deleted) meanwhile: the newer video's own processing reports instead.
  if (kept.length === 0) return;
  deps.events.publish([marketEvent('updatedVideo', [listingRoom(listingId)], { listingId, video: trimmedVideo })]);

  const [facts] = await readRows(
    deps.db,
    FACTS_ROW,
    sql`SELECT l.title, l.listing_type, c.title AS category_title, s.title AS subcategory_title, l.packaging_type,
               l.weight, l.mass_unit, l.width, l.height, l.length, l.shipping_type
          FROM listings l
          LEFT JOIN subcategories s ON s.id = l.subcategory_id
          LEFT JOIN categories c ON c.id = s.category_id
         WHERE l.id = ${listingId}`,
  );
  if (!facts) return;
  const suggestion = await autofill.suggest({
    title: facts.title,
    listingType: facts.listing_type,
    categoryTitle: facts.category_title,
    subCategoryTitle: facts.subcategory_title,
    packagingType: facts.packaging_type,
    weight: facts.weight,
    massUnit: facts.mass_unit,
    width: facts.width,
    height: facts.height,
    length: facts.length,
    shippingType: facts.shipping_type,
  });
  deps.events.publish([marketEvent('aiAutofillCompleted', [userRoom(sellerId)], { listingId, ...suggestion })]);
}
