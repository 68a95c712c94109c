import { describe, expect, it } from 'vitest';
import { matchingScreens, PALETTE_SCREENS, searchItems } from './palette-items.js';

describe('command palette items', () => {
  it('offers every screen for an empty query and filters by words', () => {
    expect(matchingScreens('')).toHaveLength(PALETTE_SCREENS.length);
    expect(matchingScreens('sold').map((item) => item.label)).toEqual(['Go to Sold listings']);
    expect(matchingScreens('go chat').map((item) => item.label)).toEqual(['Go to Chats', 'Go to Chat messages']);
  });

  it("turns search results into routes of the records' drawers", () => {
    const items = searchItems({
      users: [{ id: 'u1', userName: null, email: 'ann@market.test' }],
      listings: [{ id: 'l1', title: 'Lamp', listingType: 'auction' }],
      orders: [{ id: 'o1', title: 'Lamp', status: 'Shipped', buyer: 'bob' }],
    });
    expect(items.map((item) => ('route' in item ? item.route : null))).toEqual([
      '/dashboard/users/u1',
      '/dashboard/listings/active/l1',
      '/dashboard/listings/sold/o1',
    ]);
    expect(items[0]).toMatchObject({ label: 'ann@market.test', detail: 'ann@market.test' });
    expect(items[1]).toMatchObject({ detail: 'Auction' });
  });
});
