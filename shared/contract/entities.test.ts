import { describe, expect, it } from 'vitest';
import { AdminListing, SoldListing, listResponse, usd } from './entities.js';

const seller = { id: 'u1', userName: 'ann', email: 'ann@market.test' };

describe('entity schemas', () => {
  it('accept an auction listing as the admin API sends it', () => {
    const listing = {
      id: 'l1',
      title: 'Rolex',
      description: 'A watch',
      listingType: 'auction',
      inStock: 1,
      startingBid: 10,
      bid: 12.5,
      featured: false,
      createdAt: '2026-11-01T10:00:00.000Z',
      endTime: '1767225600000',
      video: null,
      massUnit: 'oz',
      weight: 12,
      width: 4,
      height: 2,
      length: 6,
      user: seller,
      hold: null,
    };
    expect(AdminListing.parse(listing)).toEqual(listing);
    expect(AdminListing.safeParse({ ...listing, listingType: 'raffle' }).success).toBe(false);
    expect(AdminListing.safeParse({ ...listing, endTime: '2026-01-01' }).success).toBe(false);
  });
  it('keep money to 2 decimals', () => {
    expect(usd.safeParse(12.34).success).toBe(true);
    expect(usd.safeParse(12.345).success).toBe(false);
    expect(usd.safeParse(-1).success).toBe(false);
  });
  it('describe an order with its transactions', () => {
    const order = {
      id: 'o1',
      listing: {
        id: 'l1',
        title: 'Rolex',
        description: 'A watch',
        listingType: 'default',
        video: null,
        createdAt: '2026-11-01T10:00:00Z',
      },
      seller,
      user: { id: 'u2', userName: null, email: 'bob@market.test' },
      createdAt: '2026-11-02T10:00:00Z',
      price: 100,
      shippingPrice: 7.5,
      status: 'package_arrived',
      trackingCode: '9400',
      payoutStatus: 'succeeded',
      transactions: [
        { id: 't1', type: 'order_payment', status: 'succeeded', amount: 107.5, refundReason: null, refundDate: null },
      ],
    };
    expect(SoldListing.parse(order).transactions).toHaveLength(1);
    expect(SoldListing.safeParse({ ...order, status: 'lost' }).success).toBe(false);
  });
  it('lists as {count, items}', () => {
    expect(listResponse(usd).parse({ count: 2, items: [1, 2] })).toEqual({ count: 2, items: [1, 2] });
    expect(listResponse(usd).safeParse({ total: 2, items: [] }).success).toBe(false);
  });
});
