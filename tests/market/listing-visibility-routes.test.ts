// Drafts and deleted listings through the real app (app.inject, embedded PGlite, the fake
// identity): every public read and every buyer's action that names a listing answers them as it
// answers an unknown id (404), and nothing reaches a draft's auction feed. The seller reads their
// drafts through /draft-listing only.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { enableSellers, fakeIdentity, marketCall, type RecordedEvent, recordingPublisher } from './market-db.js';

describe('listing visibility', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }), rateLimitMax: 10_000 });
    app.market.events.attach(recordingPublisher(log));
    // Only an enabled seller lists (selling.ts).
    await enableSellers(app, 'vseller', 'vlister');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const created = async (user: string, path: string, body: object) => {
    const answer = await call(user, 'POST', path, body);
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };
  const idsOf = (body: Record<string, unknown>) => (body.items as { id: string }[]).map((item) => item.id);

  /** Every public read and buyer's action naming `listingId`, with the status each answered. */
  async function answersFor(listingId: string) {
    const reads = [
      `/listing/${listingId}`,
      `/listing/share/${listingId}`,
      `/listing/end-time/${listingId}`,
      `/listing/${listingId}/messages`,
      `/bid/listing/${listingId}`,
      `/bid/latest/${listingId}`,
    ];
    const answers: Record<string, number> = {};
    const named = (path: string) => path.replace(listingId, '{id}');
    for (const path of reads) {
      answers[`GET ${named(path)} (anonymous)`] = (await call(null, 'GET', path)).status;
      answers[`GET ${named(path)} (seller)`] = (await call('vseller', 'GET', path)).status;
    }
    answers['GET /payments/stock'] = (await call('vbuyer', 'GET', `/payments/stock?listingId=${listingId}`)).status;
    const writes: [string, object][] = [
      [`/listing/${listingId}/messages`, { text: 'Anyone here?' }],
      ['/bid', { listingId, amount: 5 }],
      ['/order', { listingId }],
      ['/offer', { listingId, amount: 5 }],
      ['/giveaway-entry', { listingId }],
      ['/saved-listing', { listingId }],
      ['/listing/report', { listingId, reportType: 'scam' }],
    ];
    for (const [path, body] of writes) {
      answers[`POST ${named(path)}`] = (await call('vbuyer', 'POST', path, body)).status;
    }
    return answers;
  }

  it('answers 404 for a draft on every public read and buyer action, as for an unknown id', async () => {
    const auctionDraft = await created('vseller', '/draft-listing', {
      title: 'Unreleased auction',
      listingType: 'auction',
      startingBid: 1,
    });
    const buyNowDraft = await created('vseller', '/listing', { title: 'Unreleased lamp', price: 40, draft: true });
    const unknown = await answersFor('no-such-listing');
    expect(Object.values(unknown).every((status) => status === 404)).toBe(true);
    expect(await answersFor(auctionDraft)).toEqual(unknown);
    expect(await answersFor(buyNowDraft)).toEqual(unknown);

    // Nothing reached a feed or a moderator's list.
    expect(log.filter((event) => event.name === 'userMessage')).toEqual([]);
    const feedItems = await call('admin', 'GET', '/admin/auction-messages/active');
    expect(feedItems.body.count).toBe(0);

    // The seller still has them, through /draft-listing (and their own list).
    expect((await call('vseller', 'GET', `/draft-listing/${auctionDraft}`)).status).toBe(200);
    expect(idsOf((await call('vseller', 'GET', '/draft-listing')).body).sort()).toEqual(
      [auctionDraft, buyNowDraft].sort(),
    );
  });

  it('leaves drafts and deleted listings out of every public list', async () => {
    // Ending within the day, so each is in "ending soon" unless it is hidden.
    const auction = { listingType: 'auction', startingBid: 1, endTime: Date.now() + 2 * 3600_000 };
    const live = await created('vlister', '/listing', { title: 'On sale', ...auction });
    const draft = await created('vlister', '/listing', { title: 'Not yet', ...auction, draft: true });
    const deleted = await created('vlister', '/listing', { title: 'Gone', ...auction });
    await database.db.execute(sql`UPDATE listings SET deleted_at = now() WHERE id = ${deleted}`);
    // Even a draft an admin featured stays out of the featured section.
    await database.db.execute(sql`UPDATE listings SET featured = true WHERE id IN (${live}, ${draft}, ${deleted})`);
    const sellerId = (await call('vlister', 'GET', '/user/my-details')).body.id as string;

    const lists = [
      '/listing?limit=100',
      '/auctions?limit=100',
      `/listing/active-listings/${sellerId}`,
      '/public/listings/featured',
      '/public/listings/auctions-ending-soon',
    ];
    for (const path of lists) {
      const ids = idsOf((await call(null, 'GET', path)).body);
      expect({ path, ids }).toEqual({ path, ids: expect.arrayContaining([live]) });
      expect({ path, hidden: ids.filter((id) => id === draft || id === deleted) }).toEqual({ path, hidden: [] });
    }
    expect((await call(null, 'GET', `/listing/${deleted}`)).status).toBe(404);
    expect((await call(null, 'GET', `/listing/${deleted}/messages`)).status).toBe(404);
    expect((await call('vbuyer', 'POST', `/listing/${deleted}/messages`, { text: 'Hello' })).status).toBe(404);
  });

  it('still takes feed messages on a listing on sale', async () => {
    const live = await created('vseller', '/listing', { title: 'Poster', listingType: 'auction', startingBid: 1 });
    const posted = await call('vbuyer', 'POST', `/listing/${live}/messages`, { text: 'Great piece' });
    expect(posted.status).toBe(201);
    expect((await call(null, 'GET', `/listing/${live}/messages`)).body.count).toBe(1);
  });
});
