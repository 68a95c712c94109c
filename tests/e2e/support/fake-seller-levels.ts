// The seller-level routes of the in-page `window.market` double, installed after fake-market.ts
// through its `addHandlers`. Playwright serializes `installFakeSellerLevels` into the page, so it
// uses nothing from outside its own body. user1 (u1, below standard in fake-market's standing) has
// two defect orders, one of them also a lost dispute; every other user has none. The levels'
// effects start at the contract's defaults; a preview answers 312 below-standard sellers with 540
// pending payouts, and a save keeps what was sent.
import type { FakeInput, FakeMarketControl } from './fake-market.js';

export function installFakeSellerLevels() {
  const control = (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket;
  const ok = (value: unknown) => ({ ok: true, data: structuredClone(value) });
  type Effects = { payoutHoldDays: number; activeListingCap: number | null };
  const effects: Record<string, Effects> = {
    new: { payoutHoldDays: 3, activeListingCap: 50 },
    belowStandard: { payoutHoldDays: 7, activeListingCap: 20 },
    standard: { payoutHoldDays: 0, activeListingCap: null },
    top: { payoutHoldDays: 0, activeListingCap: null },
  };
  const edited = (input: FakeInput) => {
    const next = { ...effects };
    for (const [level, value] of Object.entries(input.body ?? {})) if (value) next[level] = value as Effects;
    return next;
  };
  control.addHandlers({
    'users.sellerDefects': (input: FakeInput) => {
      if (input.params?.id !== 'u1') return ok({ count: 0, items: [] });
      return ok({
        count: 2,
        items: [
          {
            orderId: 'o2000000-0000-4000-8000-000000000002',
            createdAt: '2026-11-20T10:00:00.000Z',
            listingTitle: 'Listing 2',
            reasons: ['cancelled', 'disputeLost'],
          },
          {
            orderId: 'o1000000-0000-4000-8000-000000000001',
            createdAt: '2026-10-02T10:00:00.000Z',
            listingTitle: 'Listing 1',
            reasons: ['orderIssueUpheld'],
          },
        ],
      });
    },
    'sellerLevels.effects': () => ok(effects),
    'sellerLevels.previewEffects': (input: FakeInput) => {
      const next = edited(input);
      const items = Object.keys(effects)
        .filter((level) => JSON.stringify(effects[level]) !== JSON.stringify(next[level]))
        .map((level) => ({
          level,
          before: effects[level],
          after: next[level],
          sellersWithPendingPayouts: level === 'belowStandard' ? 312 : 0,
          pendingPayouts: level === 'belowStandard' ? 540 : 0,
          sellersAtCapBefore: 0,
          sellersAtCapAfter: 0,
        }));
      return ok({ items });
    },
    'sellerLevels.updateEffects': (input: FakeInput) => {
      Object.assign(effects, edited(input));
      return ok(effects);
    },
  });
}
