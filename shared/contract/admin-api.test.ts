import { describe, expect, it } from 'vitest';
import { adminRoutes, fillPath, ListingPatchBody, RefundBody, UserPatchBody } from './admin-api.js';

describe('admin route table', () => {
  it('has one route per method and path', () => {
    const keys = Object.values(adminRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('covers every admin call with its method', () => {
    const table = Object.values(adminRoutes).map((r) => `${r.method} ${r.path}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'GET /admin/listings/active',
        'GET /admin/listings/sold',
        'GET /admin/listings/sold/:id',
        'GET /admin/listings/active/:id',
        'DELETE /admin/listings/active/:id',
        'PATCH /admin/listings/active/:id',
        'DELETE /admin/listings/order/:id',
        'GET /admin/listings/order/:id',
        'PATCH /admin/listings/cancel-order/:id',
        'PATCH /admin/listings/feature/:id',
        'GET /admin/users',
        'GET /admin/users/:id',
        'DELETE /admin/users/:id',
        'PATCH /admin/users/:id',
        'PATCH /admin/users/:id/approve',
        'PATCH /admin/users/:id/reject',
        'POST /admin/users/check-username',
        'POST /admin/users/check-email',
        'PATCH /admin/users/:id/enable-disable-seller',
        'PATCH /admin/users/:id/seller-fee',
        'PATCH /admin/users/:id/feature',
        'PATCH /admin/users/:id/username',
        'PATCH /admin/users/:id/email',
        'GET /admin/statistics',
        'GET /admin/subCategory',
        'PATCH /admin/subCategory/:id',
        'GET /admin/ratings/all',
        'DELETE /admin/ratings/soft-delete/:id',
        'GET /admin/auction-messages/active',
        'DELETE /admin/auction-messages/soft-delete/:id',
        'GET /admin/chat/all-chats',
        'DELETE /admin/chat/soft-delete-chat/:id',
        'GET /admin/chat/all-messages',
        'DELETE /admin/chat/soft-delete-message/:id',
        'GET /admin/transactions/order-transactions/:id',
        'GET /admin/transactions/order-refund-remaining/:id',
        'POST /admin/transactions/order-refund/:id',
      ]),
    );
  });
  it('answers deletes with no content, except a lifted hold, which answers the record (DECISIONS)', () => {
    const answersTheRecord = new Set(['listings.releaseHold', 'orders.releasePayoutHold']);
    for (const [name, route] of Object.entries(adminRoutes)) {
      if (route.method === 'DELETE' && !answersTheRecord.has(name)) expect(route.response).toBeNull();
    }
  });
  it('fills path parameters, encoded', () => {
    expect(fillPath('/admin/users/:id/approve', { id: 'a/b' })).toBe('/admin/users/a%2Fb/approve');
    expect(() => fillPath('/admin/users/:id', {})).toThrow(/Missing path parameter id/);
  });
});

describe('request bodies', () => {
  it.each([
    ['seller fee 0', { sellerFee: 0 }, true],
    ['seller fee 25', { sellerFee: 25 }, true],
    ['seller fee 26', { sellerFee: 26 }, false],
    ['seller fee 7.5', { sellerFee: 7.5 }, false],
    ['seller fee as text is not coerced', { sellerFee: '7' }, false],
    ['unknown field', { nickname: 'x' }, false],
    ['empty body', {}, false],
  ])('user patch: %s', (_, body, ok) => expect(UserPatchBody.safeParse(body).success).toBe(ok));

  it.each([
    ['title', { title: 'Rolex' }, true],
    ['bid is not editable', { bid: 10 }, false],
    ['in stock must be an integer', { inStock: 1.5 }, false],
    ['end time as epoch ms string', { endTime: '1767225600000' }, true],
    ['end time as ISO is refused', { endTime: '2026-01-01' }, false],
    ['end time on the last millisecond of the year 9999', { endTime: '253402300799999' }, true],
    ['end time in the year 10000 is refused (PostgreSQL cannot store it)', { endTime: '253402300800000' }, false],
  ])('listing patch: %s', (_, body, ok) => expect(ListingPatchBody.safeParse(body).success).toBe(ok));

  it.each([
    ['valid', { amount: 12.5, refundReason: 'other' }, true],
    ['zero', { amount: 0, refundReason: 'other' }, false],
    ['three decimals', { amount: 1.005, refundReason: 'other' }, false],
    ['unknown reason', { amount: 1, refundReason: 'because' }, false],
    ['amount as text', { amount: '1', refundReason: 'other' }, false],
  ])('refund: %s', (_, body, ok) => expect(RefundBody.safeParse(body).success).toBe(ok));
});
