// How the listing drawer shows one change of a listing's version history: a field's name, and for
// text the words kept, removed and added (the common start and end kept, the middle replaced), so
// an appended description reads as one green addition and a rewrite as red then green.
import type { ListingFieldChange } from '../../../shared/contract/admin-listing-version-routes.js';
import { formatUsd } from '../../../shared/rules/money.js';

export type DiffSegment = { kind: 'same' | 'removed' | 'added'; text: string };

/** `before` turned into `after`: what both share at the start and end, and what changed between. */
export function textDiff(before: string, after: string): DiffSegment[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const segments: DiffSegment[] = [
    { kind: 'same', text: before.slice(0, start) },
    { kind: 'removed', text: before.slice(start, before.length - end) },
    { kind: 'added', text: after.slice(start, after.length - end) },
    { kind: 'same', text: before.slice(before.length - end) },
  ];
  return segments.filter((segment) => segment.text !== '');
}

export const FIELD_LABELS: Record<ListingFieldChange['field'], string> = {
  title: 'Title',
  description: 'Description',
  price: 'Price',
  startingBid: 'Starting bid',
  video: 'Video',
};

/** A value as the drawer writes it on its own (a price, a video's address, or "none"). */
export function valueText(change: ListingFieldChange, value: string | number | null): string {
  if (value === null || value === '') return 'none';
  if (change.field === 'price' || change.field === 'startingBid') return formatUsd(Number(value));
  return String(value);
}

/** Whether the change reads best as a text diff (title and description) or as before → after. */
export function isTextChange(
  change: ListingFieldChange,
): change is ListingFieldChange & { field: 'title' | 'description' } {
  return change.field === 'title' || change.field === 'description';
}
