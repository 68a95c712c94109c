// Voiding bids, route by route (the admin bid ladder, the dry run, the void and everything it
// reaches: public bid reads, the standing, notifications, the audit entry, live screens), run on
// both drivers: bid-voids-routes.test.ts (PGlite) and bid-voids-postgres.test.ts (PostgreSQL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { IdentityProvider, VerifiedIdentity } from '../../server/platform/auth/identity.js';
import { readRows } from '../../server/platform/db/sql-row.js';
import type { AdminBid } from '../../shared/contract/admin-bid-void-routes.js';
import type { ReviewApp } from './review-cases-app.js';
import { teamIdentity } from './review-team-app.js';

/** The team identity (`admin…` owners, `mod…` moderators, `fin…` finance), where `…stale` signed in long ago. */
export const voidsIdentity: IdentityProvider = {
  ...teamIdentity,
  verifyIdToken: async (token): Promise<VerifiedIdentity> => {
    const verified = await teamIdentity.verifyIdToken(token);
    return verified.uid.endsWith('stale') ? { ...verified, authTime: 1 } : verified;
  },
};

const NOTICE = z.object({ title: z.string(), data: z.unknown() });
const AUDIT = z.object({ action: z.string(), before: z.unknown(), after: z.unknown() });

export function bidVoidsSuite(start: () => Promise<ReviewApp>) {
  let review: ReviewApp;
  const call: ReviewApp['call'] = (...args) => review.call(...args);
  const ids = new Map<string, string>();
  const me = async (user: string) => {
    if (!ids.has(user)) ids.set(user, (await call(user, 'GET', '/user/my-details')).body.id as string);
    return ids.get(user)!;
  };
  const notices = async (user: string) =>
    (
      await readRows(
        review.database.db,
        NOTICE,
        sql`SELECT title, data FROM notifications WHERE user_id = ${await me(user)} AND type = 'bidStandingChanged'`,
      )
    ).map((row) => ({ title: row.title, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data }));

  async function auction(title: string, body: object = {}): Promise<string> {
    const created = await call('seller', 'POST', '/listing', {
      title,
      listingType: 'auction',
      startingBid: 1,
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }
  async function bid(user: string, listingId: string, amount: number, maxBid?: number) {
    const answer = await call(user, 'POST', '/bid', { listingId, amount, ...(maxBid ? { maxBid } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }
  /** An honest bidder's proxy at $100, raised by two ring accounts four times (to $96). */
  async function ringedAuction(title: string): Promise<string> {
    const listingId = await auction(title);
    await bid('honest', listingId, 1, 100);
    await bid('ring1', listingId, 20);
    await bid('ring2', listingId, 50);
    await bid('ring1', listingId, 80);
    await bid('ring2', listingId, 95);
    return listingId;
  }
  const voidRing = async (listingId: string, extra: object = {}, user = 'mod') =>
    call(user, 'POST', `/admin/listings/active/${listingId}/void-bids`, {
      userIds: [await me('ring1'), await me('ring2')],
      reason: 'Shill ring',
      ...extra,
    });

  beforeAll(async () => {
    review = await start();
  }, 120_000);
  afterAll(async () => {
    await review?.close();
  });

  describe('the admin bid ladder', () => {
    it('lists every bid newest first with its hidden maximum, for roles that moderate listings', async () => {
      const listingId = await ringedAuction('Ladder lamp');
      const ladder = await call('mod', 'GET', `/admin/listings/active/${listingId}/bids?limit=3`);
      expect(ladder.status).toBe(200);
      expect(ladder.body.count).toBe(5);
      const items = ladder.body.items as AdminBid[];
      expect(items.map((item) => [item.user.id, item.amount, item.maxBid])).toEqual([
        [await me('ring2'), 95, 95],
        [await me('ring1'), 80, 80],
        [await me('ring2'), 50, 50],
      ]);
      expect(items[0]).toMatchObject({ voidedAt: null, voidReason: null, user: { userName: expect.any(String) } });
      const last = await call('mod', 'GET', `/admin/listings/active/${listingId}/bids?page=2&limit=3`);
      expect((last.body.items as AdminBid[]).map((item) => item.maxBid)).toEqual([20, 100]);
      expect((await call('fin', 'GET', `/admin/listings/active/${listingId}/bids`)).status).toBe(403);
      expect((await call('buyer', 'GET', `/admin/listings/active/${listingId}/bids`)).status).toBe(403);
      expect((await call('mod', 'GET', `/admin/listings/active/missing/bids`)).status).toBe(404);
      expect((await call('mod', 'GET', `/admin/listings/active/${listingId}/bids?limit=101`)).status).toBe(400);
    });
  });

  describe('voiding bids', () => {
    it('a dry run answers before and after and changes nothing (and needs no recent sign-in)', async () => {
      const listingId = await ringedAuction('Dry lamp');
      const answer = await voidRing(listingId, { dryRun: true }, 'modstale');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        before: { leaderId: await me('honest'), currentBid: 96, bidCount: 5 },
        after: { leaderId: await me('honest'), currentBid: 1, bidCount: 1 },
        voided: 4,
      });
      const ladder = await call('mod', 'GET', `/admin/listings/active/${listingId}/bids`);
      expect((ladder.body.items as AdminBid[]).every((item) => item.voidedAt === null)).toBe(true);
      expect((await call('buyer', 'GET', `/bid/listing/${listingId}`)).body.count).toBe(5);
      expect((await call('buyer', 'GET', `/listing/${listingId}`)).body).toMatchObject({ bid: 96, bidCount: 5 });
      const audit = await call('admin', 'GET', `/admin/audit-log?recordType=listing&recordId=${listingId}`);
      expect(audit.body.count).toBe(0);
      expect(review.log.filter((event) => event.name === 'bidsVoided')).toEqual([]);
      expect(review.log.filter((event) => event.name === 'auctionStandingChanged')).toEqual([]);
    });

    it('voids the ring: the honest leader pays less, public reads drop the bids, the bidders are told, one audit entry, live screens hear it', async () => {
      const listingId = await ringedAuction('Ringed lamp');
      const [honest, ring1, ring2] = [await me('honest'), await me('ring1'), await me('ring2')];
      const honestNoticesBefore = (await notices('honest')).length;
      // Not without a recent sign-in.
      const stale = await voidRing(listingId, {}, 'modstale');
      expect(stale.status).toBe(401);
      expect(stale.body.code).toBe('reauthenticationRequired');

      const answer = await voidRing(listingId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        before: { leaderId: honest, currentBid: 96, bidCount: 5 },
        after: { leaderId: honest, currentBid: 1, bidCount: 1 },
        voided: 4,
      });

      // The ladder keeps them, marked.
      const ladder = await call('mod', 'GET', `/admin/listings/active/${listingId}/bids`);
      expect(ladder.body.count).toBe(5);
      const items = ladder.body.items as AdminBid[];
      expect(
        items
          .filter((item) => item.voidedAt !== null)
          .map((item) => item.user.id)
          .sort(),
      ).toEqual([ring1, ring1, ring2, ring2].sort());
      expect(items.find((item) => item.user.id === ring1)!.voidReason).toBe('Shill ring');

      // Every public read of bids leaves them out.
      const list = await call('buyer', 'GET', `/bid/listing/${listingId}`);
      expect(list.body).toMatchObject({ count: 1, items: [{ user: { id: honest } }] });
      expect((await call('buyer', 'GET', `/listing/${listingId}`)).body).toMatchObject({ bid: 1, bidCount: 1 });
      expect((await call('buyer', 'GET', `/bid/latest/${listingId}`)).body).toMatchObject({
        currentBid: 1,
        leaderId: honest,
        bidCount: 1,
        latest: { user: { id: honest } },
      });
      const ringBids = await call('ring1', 'GET', '/bid/user');
      expect((ringBids.body.items as { listing: { id: string } }[]).some((b) => b.listing.id === listingId)).toBe(
        false,
      );
      const unique = await call('buyer', 'GET', `/bid/user/unique/${ring2}`);
      expect((unique.body.items as { listing: { id: string } }[]).some((b) => b.listing.id === listingId)).toBe(false);
      const feed = await call('buyer', 'GET', `/listing/${listingId}/messages`);
      expect(feed.status).toBe(200);
      const speakers = (feed.body.items as { user: { id: string } }[]).map((message) => message.user.id);
      expect(speakers).toContain(honest);
      expect(speakers).not.toContain(ring1);

      // The honest leader (whose price fell) and the ring are told.
      const told = (await notices('honest')).slice(honestNoticesBefore);
      expect(told).toEqual([
        {
          title: expect.stringContaining('you lead at $1.00'),
          data: { listingId, currentBid: 1, leading: true },
        },
      ]);
      expect((await notices('ring1')).map((notice) => notice.data)).toContainEqual({
        listingId,
        currentBid: 1,
        leading: false,
      });

      // One audit entry.
      const audit = await readRows(
        review.database.db,
        AUDIT,
        sql`SELECT action, before, after FROM admin_actions WHERE record_type = 'listing' AND record_id = ${listingId}`,
      );
      expect(audit).toHaveLength(1);
      const entry = audit[0]!;
      const after = typeof entry.after === 'string' ? JSON.parse(entry.after) : entry.after;
      expect(entry.action).toBe('voidBids');
      expect(after).toMatchObject({ currentBid: 1, voided: 4, reason: 'Shill ring', userIds: [ring1, ring2] });

      // Live: the listing's room and every back office hear the new standing; back offices drop the withdrawn feed lines.
      expect(review.log.filter((event) => event.name === 'bidsVoided')).toEqual([
        {
          kind: 'market',
          name: 'bidsVoided',
          rooms: [`listing:${listingId}`],
          payload: { listingId, leaderId: honest, currentBid: 1, bidCount: 1 },
        },
      ]);
      expect(review.log.filter((event) => event.name === 'auctionStandingChanged')).toEqual([
        {
          kind: 'admin',
          name: 'auctionStandingChanged',
          rooms: [],
          payload: { listingId, leaderId: honest, currentBid: 1, bidCount: 1 },
        },
      ]);
      expect(review.log.filter((event) => event.name === 'auctionMessageDeleted').length).toBeGreaterThanOrEqual(4);

      // Voiding again voids nothing; the auction goes on from the recomputed standing.
      expect((await voidRing(listingId)).body).toMatchObject({ voided: 0, after: { currentBid: 1, bidCount: 1 } });
      const next = await bid('newcomer', listingId, 30);
      expect(next).toMatchObject({ leaderId: honest, currentBid: 31, bidCount: 2 });
      const ladderAfter = await call('mod', 'GET', `/admin/listings/active/${listingId}/bids`);
      expect((ladderAfter.body.items as AdminBid[])[0]).toMatchObject({ maxBid: 30, voidedAt: null });
    });

    it('voiding the leader hands the lead back and tells the new leader; voiding every bid leaves no price', async () => {
      const listingId = await auction('Led lamp');
      await bid('honest', listingId, 1, 50);
      await bid('ring1', listingId, 70);
      const noticesBefore = (await notices('honest')).length;
      const one = await call('mod', 'POST', `/admin/listings/active/${listingId}/void-bids`, {
        userIds: [await me('ring1')],
        reason: 'Shill',
      });
      expect(one.body).toEqual({
        before: { leaderId: await me('ring1'), currentBid: 51, bidCount: 2 },
        after: { leaderId: await me('honest'), currentBid: 1, bidCount: 1 },
        voided: 1,
      });
      expect((await notices('honest')).slice(noticesBefore)).toHaveLength(1);

      const all = await call('mod', 'POST', `/admin/listings/active/${listingId}/void-bids`, {
        userIds: [await me('honest')],
        reason: 'Test',
      });
      expect(all.body).toMatchObject({ after: { leaderId: null, currentBid: null, bidCount: 0 }, voided: 1 });
      expect((await call('buyer', 'GET', `/listing/${listingId}`)).body).toMatchObject({ bid: null, bidCount: 0 });
      // Back at the starting bid: $1 is a valid first bid again.
      expect(await bid('newcomer', listingId, 1)).toMatchObject({ currentBid: 1, bidCount: 1 });
    });

    it('refuses an ended auction (409 auctionEnded), a listing that is not an auction, an unknown one, a bad body', async () => {
      const ended = await auction('Ended lamp');
      await bid('honest', ended, 2);
      await review.database.db.execute(sql`UPDATE listings SET status = 'auction_ended' WHERE id = ${ended}`);
      const answer = await voidRing(ended, { dryRun: true });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('auctionEnded');
      const pastEnd = await auction('Past lamp');
      await review.database.db.execute(
        sql`UPDATE listings SET end_time = now() - interval '1 minute' WHERE id = ${pastEnd}`,
      );
      expect((await voidRing(pastEnd)).body.code).toBe('auctionEnded');

      const sale = await call('seller', 'POST', '/listing', { title: 'Buy-now lamp', price: 30 });
      const notAuction = await voidRing(sale.body.id as string);
      expect(notAuction.status).toBe(409);
      expect(notAuction.body.code).toBe('notAnAuction');
      expect((await voidRing('missing')).status).toBe(404);

      const listingId = await auction('Body lamp');
      const url = `/admin/listings/active/${listingId}/void-bids`;
      expect((await call('mod', 'POST', url, { userIds: [], reason: 'x' })).status).toBe(400);
      const many = Array.from({ length: 51 }, (_, index) => `user-${index}`);
      expect((await call('mod', 'POST', url, { userIds: many, reason: 'x' })).status).toBe(400);
      expect((await call('mod', 'POST', url, { userIds: ['a'], reason: '' })).status).toBe(400);
      expect((await call('fin', 'POST', url, { userIds: ['a'], reason: 'x' })).status).toBe(403);
    });
  });
}
