// The Edit Listing form: which fields a listing type gets, and how typed
// text becomes the PATCH body (integers for stock and packaging, a decimal for weights).
import type { ListingPatchBody } from '../../../shared/contract/admin-api.js';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { MassUnit } from '../../../shared/contract/enums.js';

export interface ListingEditDraft {
  title: string;
  description: string;
  inStock: string;
  massUnit: MassUnit;
  weight: string;
  width: string;
  height: string;
  length: string;
  /** yyyy-MM-dd and HH:mm, local time (auctions only). */
  endDate: string;
  endTime: string;
}

/** A whole number typed in a field; null when it is not one. */
export function parseIntegerField(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

/** A decimal typed in a field; null when it is not one. */
export function parseDecimalField(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number.parseFloat(trimmed) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function draftOf(listing: AdminListing): ListingEditDraft {
  const end = listing.endTime ? new Date(Number(listing.endTime)) : null;
  return {
    title: listing.title,
    description: listing.description,
    inStock: String(listing.inStock),
    massUnit: listing.massUnit,
    weight: String(listing.weight),
    width: String(listing.width),
    height: String(listing.height),
    length: String(listing.length),
    endDate: end ? `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}` : '',
    endTime: end ? `${pad(end.getHours())}:${pad(end.getMinutes())}` : '',
  };
}

export type ListingEditResult = { ok: true; body: ListingPatchBody } | { ok: false; field: string; message: string };

/** The PATCH body for the draft, or the first field that is not valid. */
export function listingPatchOf(draft: ListingEditDraft, listingType: AdminListing['listingType']): ListingEditResult {
  if (draft.title.trim() === '') return { ok: false, field: 'title', message: 'Title is required' };
  const body: ListingPatchBody = {
    title: draft.title.trim(),
    description: draft.description,
    massUnit: draft.massUnit,
  };
  for (const field of ['weight', 'width', 'height', 'length'] as const) {
    const value = parseIntegerField(draft[field]);
    if (value === null)
      return { ok: false, field, message: `${field[0]!.toUpperCase()}${field.slice(1)} must be a whole number` };
    body[field] = value;
  }
  if (listingType === 'auction') {
    if (draft.endDate !== '' || draft.endTime !== '') {
      const end = new Date(`${draft.endDate}T${draft.endTime || '00:00'}`);
      if (Number.isNaN(end.getTime())) return { ok: false, field: 'endTime', message: 'End time is not a valid date' };
      body.endTime = String(end.getTime());
    }
  } else {
    const inStock = parseIntegerField(draft.inStock);
    if (inStock === null) return { ok: false, field: 'inStock', message: 'In Stock must be a whole number' };
    body.inStock = inStock;
  }
  return { ok: true, body };
}
