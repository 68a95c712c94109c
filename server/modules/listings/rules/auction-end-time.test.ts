import { describe, expect, it } from 'vitest';
import { chosenEndTime, extendedEndTime } from './auction-end-time.js';

const NOW = 1_700_000_000_000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('chosenEndTime', () => {
  it.each([
    ['in the past', NOW - 1, 'endTime must be in the future'],
    ['now', NOW, 'endTime must be in the future'],
    ['59 minutes away', NOW + 59 * MIN, 'endTime must be at least 1 hour from now'],
    ['just past 14 days', NOW + 14 * DAY + 1, 'endTime must be at most 14 days from now'],
  ])('refuses an end time %s', (_case, endTime, message) => {
    expect(chosenEndTime(endTime, NOW)).toEqual({ ok: false, message });
  });

  it.each([
    ['exactly 1 hour away', NOW + HOUR],
    ['the 7-day default', NOW + 7 * DAY],
    ['exactly 14 days away', NOW + 14 * DAY],
  ])('accepts an end time %s', (_case, endTime) => {
    expect(chosenEndTime(endTime, NOW)).toEqual({ ok: true, endTime });
  });
});

describe('extendedEndTime', () => {
  it.each([
    ['an ended auction', NOW - 1, 10 * MIN, 'This auction has already ended'],
    ['an auction ending this instant', NOW, 10 * MIN, 'This auction has already ended'],
    ['less than a minute', NOW + HOUR, MIN - 1, 'An extension must be between 1 minute and 24 hours'],
    ['more than a day', NOW + HOUR, DAY + 1, 'An extension must be between 1 minute and 24 hours'],
    ['past 14 days from now', NOW + 14 * DAY - MIN, 2 * MIN, 'An auction cannot end more than 14 days from now'],
  ])('refuses %s', (_case, current, increment, message) => {
    expect(extendedEndTime(current, increment, NOW)).toEqual({ ok: false, message });
  });

  it.each([
    ['one minute', NOW + HOUR, MIN, NOW + HOUR + MIN],
    ['a day', NOW + HOUR, DAY, NOW + HOUR + DAY],
    ['up to exactly 14 days from now', NOW + 14 * DAY - MIN, MIN, NOW + 14 * DAY],
  ])('extends by %s', (_case, current, increment, endTime) => {
    expect(extendedEndTime(current, increment, NOW)).toEqual({ ok: true, endTime });
  });
});
