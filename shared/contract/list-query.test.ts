import { describe, expect, it } from 'vitest';
import { listQuery, SORT_KEYS } from './list-query.js';

describe('list query', () => {
  const users = listQuery('users');
  it('defaults to page 1, limit 10', () => expect(users.parse({})).toEqual({ page: 1, limit: 10 }));
  it('reads numbers from the query string', () =>
    expect(users.parse({ page: '3', limit: '100', sortBy: 'email', order: 'ASC', search: 'ann' })).toEqual({
      page: 3,
      limit: 100,
      sortBy: 'email',
      order: 'ASC',
      search: 'ann',
    }));
  it.each([
    ['limit over 100', { limit: '101' }],
    ['limit zero', { limit: '0' }],
    ['page zero', { page: '0' }],
    ['page not a number', { page: 'two' }],
    ['fractional page', { page: '1.5' }],
    ['sort key of another table', { sortBy: 'price' }],
    ['lower-case order', { order: 'asc' }],
    ['unknown parameter', { pageSize: '5' }],
  ])('rejects %s', (_, query) => expect(users.safeParse(query).success).toBe(false));

  // Section 2's sortable columns, table by table (and the seller level, DECISIONS "Sellers over time").
  it.each([
    ['users', ['userName', 'email', 'createdAt', 'sellerLevel']],
    ['activeListings', ['title', 'description', 'createdAt', 'listingType', 'inStock', 'startingBid']],
    ['soldListings', ['price', 'shippingPrice', 'createdAt', 'status']],
    ['subcategories', ['minPackageWeightInOz']],
    ['ratings', ['createdAt', 'rate', 'experience', 'orderId']],
  ] as const)('%s sorts by %j', (table, keys) => {
    expect(SORT_KEYS[table]).toEqual(keys);
    for (const key of keys) expect(listQuery(table).parse({ sortBy: key }).sortBy).toBe(key);
  });
});
