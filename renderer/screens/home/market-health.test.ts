import { describe, expect, it } from 'vitest';
import type { MarketMetricsRow } from '../../../shared/contract/admin-metrics-routes.js';
import { changeOf, chartsFor, customRange, presetRange, totalsOf, withDay } from './market-health.js';

const row = (date: string, values: Partial<MarketMetricsRow> = {}): MarketMetricsRow => ({
  date,
  gmv: 0,
  orders: 0,
  bids: 0,
  newUsers: 0,
  newListings: 0,
  refunds: 0,
  casesOpened: 0,
  casesResolved: 0,
  ...values,
});

describe('market health on the dashboard', () => {
  it('shows money to finance and the owner only', () => {
    expect(chartsFor('owner').map((chart) => chart.title)).toEqual([
      'GMV and orders',
      'Bids and new users',
      'Refunds and cases',
    ]);
    expect(chartsFor('moderator').map((chart) => chart.title)).toEqual([
      'Orders',
      'Bids and new users',
      'Cases opened vs resolved',
    ]);
    expect(chartsFor('finance')[0]!.series.map((spec) => spec.key)).toEqual(['gmv', 'orders']);
    const moderator = chartsFor('moderator');
    expect(moderator.map((chart) => chart.series.map((spec) => spec.key))).toEqual([
      ['orders'],
      ['bids', 'newUsers'],
      ['casesOpened', 'casesResolved'],
    ]);
    expect(chartsFor(null)).toEqual([]);
  });

  it.each([
    ['2026-11-01', '2026-11-30', { from: '2026-11-01', to: '2026-11-30', interval: 'day' }],
    ['2026-01-01', '2026-04-02', { from: '2026-01-01', to: '2026-04-02', interval: 'day' }],
    ['2026-01-01', '2026-04-03', { from: '2026-01-01', to: '2026-04-03', interval: 'week' }],
    ['2026-02-01', '2026-01-01', { refusal: 'from must not be after to' }],
    ['2025-01-01', '2026-11-01', { refusal: 'the range must be at most 366 days' }],
  ])('custom %s..%s', (from, to, range) => {
    expect(customRange(from, to)).toEqual(range);
  });

  it('takes the last days up to today for a preset', () => {
    expect(presetRange(7, '2026-11-26')).toEqual({ from: '2026-11-20', to: '2026-11-26', interval: 'day' });
  });

  it('sums a period, money to the cent, and puts a fresh day in place', () => {
    const rows = [row('2026-11-25', { gmv: 0.1, orders: 1 }), row('2026-11-26', { gmv: 0.2, orders: 2 })];
    expect(totalsOf(rows)).toMatchObject({ gmv: 0.3, orders: 3, bids: 0 });
    expect(
      totalsOf([
        { date: '2026-11-26', orders: 1, bids: 0, newUsers: 0, newListings: 0, casesOpened: 0, casesResolved: 0 },
      ]),
    ).not.toHaveProperty('gmv');
    expect(withDay(rows, row('2026-11-26', { gmv: 5 }))[1]).toEqual(row('2026-11-26', { gmv: 5 }));
  });

  it.each([
    [120, 100, { text: '+20%', direction: 'up' }],
    [80, 100, { text: '−20%', direction: 'down' }],
    [100, 100, { text: '0%', direction: 'flat' }],
    [5, 0, { text: 'new', direction: 'up' }],
    [0, 0, { text: '0%', direction: 'flat' }],
    [5, undefined, null],
  ])('%s against %s', (current, previous, change) => {
    expect(changeOf(current, previous)).toEqual(change);
  });
});
