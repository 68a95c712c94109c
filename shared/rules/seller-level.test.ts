import { describe, expect, it } from 'vitest';
import {
  type SellerLevel,
  type SellerRecord,
  sellerLevelOf,
  type StandingOrder,
  standingRecordAt,
  standingWindowStart,
} from './seller-level.js';

const record = (over: Partial<SellerRecord>): SellerRecord => ({
  orders: 200,
  defects: 0,
  lateShipments: 0,
  averageRating: 5,
  ...over,
});

describe('sellerLevelOf, at every boundary', () => {
  it.each<[string, Partial<SellerRecord>, SellerLevel]>([
    // new: fewer than 10 orders, whatever else
    ['0 orders', { orders: 0 }, 'new'],
    ['9 orders, all defective', { orders: 9, defects: 9, lateShipments: 9 }, 'new'],
    ['10 orders, none wrong, no ratings', { orders: 10, averageRating: null }, 'standard'],
    // belowStandard: defects over 2%
    ['exactly 2% defects (1 in 50)', { orders: 50, defects: 1 }, 'standard'],
    ['just over 2% defects (2 in 99)', { orders: 99, defects: 2 }, 'belowStandard'],
    ['exactly 2% defects (4 in 200)', { defects: 4 }, 'standard'],
    ['just over 2% defects (5 in 200)', { defects: 5 }, 'belowStandard'],
    ['1 defect in 10 orders', { orders: 10, defects: 1 }, 'belowStandard'],
    // belowStandard: late over 7%
    ['exactly 7% late (14 in 200)', { lateShipments: 14 }, 'standard'],
    ['just over 7% late (15 in 200)', { lateShipments: 15 }, 'belowStandard'],
    ['exactly 7% late (7 in 100) with a top rating', { orders: 100, lateShipments: 7 }, 'standard'],
    // top: 100 orders or more
    ['99 orders, perfect', { orders: 99 }, 'standard'],
    ['100 orders, perfect', { orders: 100 }, 'top'],
    // top: defects at most 0.5%
    ['exactly 0.5% defects (1 in 200)', { defects: 1 }, 'top'],
    ['just over 0.5% defects (2 in 399)', { orders: 399, defects: 2 }, 'standard'],
    ['exactly 0.5% defects (2 in 400)', { orders: 400, defects: 2 }, 'top'],
    // top: late at most 3%
    ['exactly 3% late (6 in 200)', { lateShipments: 6 }, 'top'],
    ['just over 3% late (7 in 200)', { lateShipments: 7 }, 'standard'],
    // top: rating at least 4.8
    ['rating exactly 4.8', { averageRating: 4.8 }, 'top'],
    ['rating just under 4.8', { averageRating: 4.79 }, 'standard'],
    ['no ratings', { averageRating: null }, 'standard'],
    // belowStandard wins over everything else at 10 orders or more
    ['a top record but 3% defects', { defects: 6 }, 'belowStandard'],
  ])('%s → %s', (_case, over, level) => {
    expect(sellerLevelOf(record(over))).toBe(level);
  });
});

describe('standingWindowStart', () => {
  const NOW = Date.UTC(2026, 11, 5);
  const DAY = 86_400_000;
  it.each([
    [0, 365],
    [99, 365],
    [100, 90],
    [5_000, 90],
  ])('with %i orders in the last 90 days, looks back %i days', (orders, days) => {
    expect(standingWindowStart(NOW, orders)).toBe(NOW - days * DAY);
  });
});

describe('standingRecordAt', () => {
  const DAY = 86_400_000;
  const NOW = Date.UTC(2026, 11, 5, 12);
  const order = (daysAgo: number, over: Partial<StandingOrder> = {}): StandingOrder => ({
    createdAtMs: NOW - daysAgo * DAY,
    paidAtMs: NOW - daysAgo * DAY,
    shippedAtMs: NOW - daysAgo * DAY,
    defect: false,
    cancelled: false,
    ...over,
  });

  it('looks back 365 days under 100 orders, counting defects, late shipments and ratings inside it only', () => {
    const orders = [order(1, { defect: true }), order(200), order(364), order(366), order(2, { shippedAtMs: null })];
    const late = (_paid: number, shipped: number | null) => shipped === null;
    const { fromMs, record } = standingRecordAt(
      orders,
      [
        { createdAtMs: NOW - DAY, rate: 5 },
        { createdAtMs: NOW - 400 * DAY, rate: 1 },
      ],
      NOW,
      late,
    );
    expect(fromMs).toBe(NOW - 365 * DAY);
    expect(record).toEqual({ orders: 4, defects: 1, lateShipments: 1, averageRating: 5 });
  });

  it('looks back 90 days from 100 orders in them, and never counts a cancelled order late', () => {
    const orders = [
      ...Array.from({ length: 100 }, (_, i) => order(i % 89)),
      order(100),
      order(3, { cancelled: true, defect: true, shippedAtMs: null }),
    ];
    const { fromMs, record } = standingRecordAt(orders, [], NOW, (_paid, shipped) => shipped === null);
    expect(fromMs).toBe(NOW - 90 * DAY);
    expect(record).toEqual({ orders: 101, defects: 1, lateShipments: 0, averageRating: null });
  });
});
