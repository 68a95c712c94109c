import { describe, expect, it } from 'vitest';
import { formatSeriesValue, formatTick, shortDay } from './series-format.js';

describe('series format', () => {
  it.each([
    ['usd', 1234.5, '$1,234.50'],
    ['count', 12345, '12,345'],
  ] as const)('%s %s → %s', (unit, value, text) => {
    expect(formatSeriesValue(unit, value)).toBe(text);
  });

  it('writes ticks short and days as the API names them (UTC)', () => {
    expect(formatTick('usd', 1250)).toBe('$1.3K');
    expect(formatTick('count', 12)).toBe('12');
    expect(shortDay('2026-11-26')).toBe('Nov 26');
    expect(shortDay('2026-01-02', true)).toBe('Jan 2, 2026');
  });
});
