// The backtest's daily series: every day of the window, zeros included, each match on its UTC day.
import { describe, expect, it } from 'vitest';
import { matchesPerDay, utcDayOf } from './matches-per-day.js';

const NOW = Date.parse('2026-12-05T10:30:00Z');
const at = (iso: string) => Date.parse(iso);
const byDay = (instants: readonly number[]) => {
  const counts = new Map<string, number>();
  for (const instant of instants) counts.set(utcDayOf(instant), (counts.get(utcDayOf(instant)) ?? 0) + 1);
  return counts;
};

describe('matchesPerDay', () => {
  it.each([
    [
      'no match in one day',
      1,
      [],
      [
        { day: '2026-12-04', matches: 0 },
        { day: '2026-12-05', matches: 0 },
      ],
    ],
    [
      'matches on their UTC days',
      2,
      [at('2026-12-03T23:59:59Z'), at('2026-12-04T00:00:00Z'), at('2026-12-04T12:00:00Z'), at('2026-12-05T10:00:00Z')],
      [
        { day: '2026-12-03', matches: 1 },
        { day: '2026-12-04', matches: 2 },
        { day: '2026-12-05', matches: 1 },
      ],
    ],
    [
      'a match a little outside the window joins its edge',
      1,
      [at('2026-12-03T22:00:00Z'), at('2026-12-05T11:00:00Z'), at('2026-12-06T00:30:00Z')],
      [
        { day: '2026-12-04', matches: 1 },
        { day: '2026-12-05', matches: 2 },
      ],
    ],
  ] as const)('%s', (_, days, matched, expected) => {
    expect(matchesPerDay(days, NOW, byDay(matched))).toEqual(expected);
  });

  it('has days + 1 entries for a 90-day window', () => {
    const series = matchesPerDay(90, NOW, new Map());
    expect(series).toHaveLength(91);
    expect(series[0]!.day).toBe('2026-09-06');
    expect(series.at(-1)!.day).toBe('2026-12-05');
  });
});
