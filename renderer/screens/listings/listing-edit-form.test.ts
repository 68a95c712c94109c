import { describe, expect, it } from 'vitest';
import type { AdminListing } from '../../../shared/contract/entities.js';
import { draftOf, listingPatchOf, parseDecimalField, parseIntegerField } from './listing-edit-form.js';

const listing: AdminListing = {
  id: 'l1',
  title: 'Vintage camera',
  description: 'Works',
  listingType: 'default',
  inStock: 3,
  startingBid: 20,
  bid: null,
  featured: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  endTime: null,
  video: null,
  massUnit: 'oz',
  weight: 12,
  width: 4,
  height: 5,
  length: 6,
  user: { id: 'u1', userName: 'seller', email: 's@example.com' },
  hold: null,
};

describe('listing edit parsing', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['1.5', null],
    ['-1', null],
    ['', null],
  ])('integer field %j → %s', (text, value) => {
    expect(parseIntegerField(text)).toBe(value);
  });

  it.each([
    ['12', 12],
    ['12.75', 12.75],
    ['.5', 0.5],
    ['abc', null],
  ])('decimal field %j → %s', (text, value) => {
    expect(parseDecimalField(text)).toBe(value);
  });

  it('sends stock and packaging as integers for a buy-now listing, no end time', () => {
    const result = listingPatchOf({ ...draftOf(listing), inStock: '9', weight: '16' }, 'default');
    expect(result).toEqual({
      ok: true,
      body: {
        title: 'Vintage camera',
        description: 'Works',
        massUnit: 'oz',
        weight: 16,
        width: 4,
        height: 5,
        length: 6,
        inStock: 9,
      },
    });
  });

  it('sends the end time (epoch ms) and no stock for an auction', () => {
    const result = listingPatchOf({ ...draftOf(listing), endDate: '2026-03-01', endTime: '21:00' }, 'auction');
    expect(result.ok && result.body.endTime).toBe(String(new Date('2026-03-01T21:00').getTime()));
    expect(result.ok && 'inStock' in result.body).toBe(false);
  });

  it('rejects a decimal weight and an empty title', () => {
    expect(listingPatchOf({ ...draftOf(listing), weight: '1.5' }, 'default')).toMatchObject({
      ok: false,
      field: 'weight',
    });
    expect(listingPatchOf({ ...draftOf(listing), title: ' ' }, 'default')).toMatchObject({ ok: false, field: 'title' });
  });

  it('fills the end date and time from the epoch string', () => {
    const end = new Date(2026, 2, 1, 21, 0).getTime();
    expect(draftOf({ ...listing, endTime: String(end) })).toMatchObject({ endDate: '2026-03-01', endTime: '21:00' });
  });
});
