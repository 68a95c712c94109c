import { describe, expect, it } from 'vitest';
import { dayNumber, dayOf, daysOf, lastDays, mondayOf, previousPeriod, rangeRefusal } from './market-days.js';

describe('market days', () => {
  it.each([
    ['2026-01-01', '2026-01-01', null],
    ['2026-01-01', '2027-01-01', null],
    ['2024-01-01', '2024-12-31', null],
    ['2026-01-01', '2027-01-02', 'the range must be at most 366 days'],
    ['2026-01-02', '2026-01-01', 'from must not be after to'],
    ['2026-02-30', '2026-03-01', 'from must be a date (YYYY-MM-DD)'],
    ['2026-1-1', '2026-03-01', 'from must be a date (YYYY-MM-DD)'],
    ['2026-01-01', '2026-01-01T00:00:00Z', 'to must be a date (YYYY-MM-DD)'],
    ['2024-02-29', '2024-03-01', null],
  ])('%s..%s → %s', (from, to, refusal) => {
    expect(rangeRefusal(from, to)).toBe(refusal);
  });

  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-11-23'], // a Sunday
    ['2026-11-26', '2026-11-23'],
    ['2027-01-01', '2026-12-28'], // across a year
    ['1970-01-01', '1969-12-29'],
  ])('the Monday of %s is %s', (day, monday) => {
    expect(mondayOf(day)).toBe(monday);
  });

  it('lists every day of a range and its previous period', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(previousPeriod('2026-03-01', '2026-03-07')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(lastDays('2026-11-26', 7)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });

  it('names every day from 1900 to 2100 as the calendar does', () => {
    const wrong: string[] = [];
    for (let number = dayNumber('1900-01-01')!; number <= dayNumber('2100-12-31')!; number += 1) {
      const calendar = new Date(number * 86_400_000).toISOString().slice(0, 10);
      if (dayOf(number) !== calendar) wrong.push(`${number}: ${dayOf(number)} ≠ ${calendar}`);
    }
    expect(wrong).toEqual([]);
  });
});
