// What a seller may still change once an auction has a bid: bidders bid on what they were shown,
// so the seller may only add to the description (eBay's rule) — and add photos, which listings
// here do not have yet. An admin's edit is not bound by it.
import type { EditListingBody } from '../../../../shared/contract/market/listings.js';
import { usdToCents } from '../../../../shared/rules/money.js';

/** The listing as it stands, in the units the edit's fields compare to. */
export interface EditableListing {
  hasBids: boolean;
  title: string;
  description: string;
  priceCents: number | null;
  startingBidCents: number | null;
  inStock: number;
  video: string | null;
  weight: number;
  massUnit: string;
  width: number;
  height: number;
  length: number;
  /** Epoch milliseconds, null for a listing without an end. */
  endTime: number | null;
  shippingType: string;
  shippingPriceCents: number;
}

/** The fields of `edit` whose value differs from the listing's (a form sent back unchanged changes nothing). */
export function changedFields(listing: EditableListing, edit: EditListingBody): (keyof EditListingBody)[] {
  const now: { [K in keyof EditListingBody]-?: unknown } = {
    title: listing.title,
    description: listing.description,
    price: listing.priceCents,
    inStock: listing.inStock,
    startingBid: listing.startingBidCents,
    video: listing.video,
    weight: listing.weight,
    massUnit: listing.massUnit,
    width: listing.width,
    height: listing.height,
    length: listing.length,
    endTime: listing.endTime,
    shippingType: listing.shippingType,
    shippingCost: listing.shippingPriceCents,
  };
  const asStored = (field: keyof EditListingBody, value: unknown): unknown => {
    if (field === 'price' || field === 'startingBid' || field === 'shippingCost') return usdToCents(value as number);
    if (field === 'endTime') return Number(value);
    return value;
  };
  return (Object.keys(edit) as (keyof EditListingBody)[]).filter(
    (field) => edit[field] !== undefined && asStored(field, edit[field]) !== now[field],
  );
}

export const EDIT_LOCKED_BY_BIDS = 'This auction has bids: its seller may only add to the end of the description';

/** Null when the seller's edit may go ahead, else why it may not (409 `editLockedByBids`). */
export function bidEditLockRefusal(listing: EditableListing, edit: EditListingBody): string | null {
  if (!listing.hasBids) return null;
  for (const field of changedFields(listing, edit)) {
    if (field !== 'description') return EDIT_LOCKED_BY_BIDS;
    if (!(edit.description ?? '').startsWith(listing.description)) return EDIT_LOCKED_BY_BIDS;
  }
  return null;
}
