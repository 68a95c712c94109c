// Timestamps as the raw reads hand them back answer as the same ISO text `new Date` would give,
// through the fast path where PostgreSQL wrote UTC and through `Date` otherwise.
import { describe, expect, it } from 'vitest';
import { isoOf } from './values.js';

describe('isoOf', () => {
  it.each([
    ['2026-12-05 05:35:00.123456+00', '2026-12-05T05:35:00.123Z'],
    ['2026-12-05 05:35:00.999999+00', '2026-12-05T05:35:00.999Z'],
    ['2026-12-05 05:35:00.5+00', '2026-12-05T05:35:00.500Z'],
    ['2026-12-05 05:35:00+00', '2026-12-05T05:35:00.000Z'],
    ['2024-02-29 23:59:59.07+00', '2024-02-29T23:59:59.070Z'],
    ['1999-12-31 23:59:59.999+00', '1999-12-31T23:59:59.999Z'],
    // Not UTC, or not PostgreSQL's text: read by Date.
    ['2026-12-05 07:35:00.123+02', '2026-12-05T05:35:00.123Z'],
    ['2026-12-05T05:35:00.123Z', '2026-12-05T05:35:00.123Z'],
  ])('%s is %s, as new Date reads it', (text, iso) => {
    expect(isoOf(text)).toBe(iso);
    expect(isoOf(text)).toBe(new Date(text).toISOString());
  });

  it('reads a Date as it is', () => {
    expect(isoOf(new Date(Date.UTC(2026, 11, 5, 5, 35, 0, 123)))).toBe('2026-12-05T05:35:00.123Z');
  });
});
