// The auctionEndingSoon notification: the closer's pass tells each bidder of an auction ending
// within the window, once per auction, through the real app (embedded PGlite, fake identity).
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { enableSellers, fakeIdentity } from './market-db.js';
import {
  AUCTION_ENDING_SOON_WINDOW_MS,
  notifyAuctionsEndingSoon,
  startAuctionCloser,
} from '../../server/modules/auctions/auction-closer.js';
import type { MarketServices } from '../../server/composition.js';
import { useApp } from '../support/app-fixture.js';

describe('auctionEndingSoon notifications', () => {
  let app: FastifyInstance;
  let clock = Date.now();
  let deps: MarketServices;

  useApp({ identity: fakeIdentity }, async (opened) => {
    ({ app } = opened);
    deps = { ...app.market, now: () => clock };
    await enableSellers(app, 'seller');
  });

  const call = async (user: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/v1${url}`,
      headers: { authorization: `Bearer token-${user}` },
      ...(payload ? { payload } : {}),
    });
    return response.json() as Record<string, unknown>;
  };
  const endingSoon = async (user: string) =>
    ((await call(user, 'GET', '/notifications?limit=100')).items as { type: string; data: { listingId: string } }[])
      .filter((notification) => notification.type === 'auctionEndingSoon')
      .map((notification) => notification.data.listingId);
  const auction = async (title: string, endsInMs: number) =>
    (
      await call('seller', 'POST', '/listing', {
        title,
        listingType: 'auction',
        startingBid: 1,
        endTime: String(clock + endsInMs),
      })
    ).id as string;

  it(`tells each bidder once, when the auction is within ${AUCTION_ENDING_SOON_WINDOW_MS / 60_000} minutes of its end`, async () => {
    clock = Date.now();
    const listingId = await auction('Ending soon lot', AUCTION_ENDING_SOON_WINDOW_MS + 10 * 60_000);
    await call('ann', 'POST', '/bid', { listingId, amount: 1 });
    await call('bob', 'POST', '/bid', { listingId, amount: 5 });
    await call('ann', 'POST', '/bid', { listingId, amount: 20 }); // ann twice: still one notice

    expect(await notifyAuctionsEndingSoon(deps)).toEqual([]); // not yet within the window
    clock += 11 * 60_000;
    expect(await notifyAuctionsEndingSoon(deps)).toEqual([{ listingId, bidders: 2 }]);
    expect(await endingSoon('ann')).toEqual([listingId]);
    expect(await endingSoon('bob')).toEqual([listingId]);
    expect(await endingSoon('seller')).toEqual([]);

    clock += 60_000;
    expect(await notifyAuctionsEndingSoon(deps)).toEqual([]); // once per auction
    expect(await endingSoon('ann')).toEqual([listingId]);
  });

  it('waits for a first bid, and the closer pass sends it', async () => {
    clock = Date.now();
    const listingId = await auction('Quiet lot', 5 * 60_000);
    expect(await notifyAuctionsEndingSoon(deps)).toEqual([]); // nobody to tell yet
    await call('cat', 'POST', '/bid', { listingId, amount: 1 });

    const closer = startAuctionCloser(deps, { intervalMs: 3_600_000 });
    try {
      await closer.tick();
    } finally {
      await closer.stop();
    }
    expect(await endingSoon('cat')).toEqual([listingId]);
  });
});
