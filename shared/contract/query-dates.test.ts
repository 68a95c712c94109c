// Query dates: a UTC day or a date-time with an offset; each route reads the instants or the day it names.
import { describe, expect, it } from 'vitest';
import { endOfQueryDate, queryDate, startOfQueryDate, utcDayOfQueryDate } from './query-dates.js';

describe('queryDate', () => {
  it.each([
    ['2026-12-04', true],
    ['2026-12-04T10:30:00Z', true],
    ['2026-12-04T10:30:00.123+02:00', true],
    ['2026-02-30', false],
    ['2026-12-4', false],
    ['04/12/2026', false],
    ['2026-12-04T10:30:00', false],
    ['', false],
  ])('%s → accepted: %s', (value, accepted) => {
    expect(queryDate.safeParse(value).success).toBe(accepted);
  });

  it.each([
    ['2026-12-04', '2026-12-04T00:00:00.000Z', '2026-12-04T23:59:59.999Z', '2026-12-04'],
    ['2026-12-04T10:30:00Z', '2026-12-04T10:30:00.000Z', '2026-12-04T10:30:00.000Z', '2026-12-04'],
    ['2026-12-05T01:00:00+02:00', '2026-12-04T23:00:00.000Z', '2026-12-04T23:00:00.000Z', '2026-12-04'],
  ])('%s starts at %s, ends at %s, falls on %s', (value, start, end, day) => {
    expect(startOfQueryDate(value)).toBe(start);
    expect(endOfQueryDate(value)).toBe(end);
    expect(utcDayOfQueryDate(value)).toBe(day);
  });
});
