import { describe, expect, it } from 'vitest';
import { formatSeriesValue, formatTick, seriesCsv, shortDay } from './series-format.js';

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

  it('exports a chart’s rows as the tables’ CSV: dollars with two decimals, CRLF', () => {
    const rows = [
      { date: '2026-11-25', gmv: 12.5, orders: 2 },
      { date: '2026-11-26', gmv: 0, orders: 0 },
    ];
    const csv = seriesCsv(rows, [
      { key: 'gmv', label: 'GMV', unit: 'usd' },
      { key: 'orders', label: 'Orders', unit: 'count' },
    ]);
    expect(csv).toBe('Date,GMV,Orders\r\n2026-11-25,12.50,2\r\n2026-11-26,0.00,0\r\n');
  });
});
