// A backtest's samples name what a moderator recognises them by (the account's user name, the
// title of the listing a sample opens), through `POST /admin/rules/{id}/backtest`; run on both
// drivers from policy-routes.test.ts and policy-postgres.test.ts beside policy.suite.ts.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { Backtest, Rule } from '../../shared/contract/policy.js';
import { createAuction } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

const HOUR = 3_600_000;

/** The sample cases, inside the caller's describe (it owns the app); `sellerId` is an enabled seller. */
export function backtestSampleCases(app: () => ReviewApp, sellerId: () => string) {
  const call: ReviewApp['call'] = (...args) => app().call(...args);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.db, query);
  const backtestOf = async (body: Record<string, unknown>) => {
    const made = await call('mod', 'POST', '/admin/rules', { name: `Sampled ${body.event as string}`, ...body });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const rule = Rule.parse(made.body);
    const answer = await call('mod', 'POST', `/admin/rules/${rule.id}/backtest`, { days: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await call('mod', 'DELETE', `/admin/rules/${rule.id}`);
    return Backtest.parse(answer.body);
  };

  it('a backtest’s samples carry the user name of who did it and the title of the listing they open', async () => {
    const registered = await call('polnamed', 'POST', '/user', {
      userName: 'mianovak',
      firstName: 'Mia',
      lastName: 'Novak',
      acceptedTerms: true,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const namedId = registered.body.id as string;
    // Two auctions, one bid each: every sample of the page is named, not only the first.
    const auctions = [
      await createAuction(app().database, sellerId(), { endTime: new Date(Date.now() + 48 * HOUR) }),
      await createAuction(app().database, sellerId(), { endTime: new Date(Date.now() + 48 * HOUR) }),
    ];
    for (const listingId of auctions) {
      const bid = await call('polnamed', 'POST', '/bid', { listingId, amount: 613 });
      expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    }
    const titles = await rows<{ id: string; title: string }>(
      sql`SELECT id, title FROM listings WHERE id IN (${auctions[0]}, ${auctions[1]})`,
    );
    const bids = await backtestOf({ event: 'bid', expression: 'bid.maxBid == 613.0', action: 'openCase' });
    expect(bids.samples.filter((sample) => sample.actorId === namedId)).toEqual(
      auctions.map((listingId) => ({
        at: expect.any(String) as unknown as string,
        subjectId: expect.any(String) as unknown as string,
        actorId: namedId,
        opens: { type: 'listing', id: listingId },
        actorName: 'mianovak',
        listingTitle: titles.find((row) => row.id === listingId)!.title,
      })),
    );

    // A chat message opens its sender, named; it opens no listing, so it has no title.
    const chat = await call('polnamed', 'POST', '/chat', {
      otherUserId: (await call('polseller', 'GET', '/user/my-details')).body.id,
    });
    const sent = await call('polnamed', 'POST', '/message', {
      chatId: chat.body.id,
      message: 'see the lighthouse lot',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const messages = await backtestOf({
      event: 'message',
      expression: 'message.text.contains("lighthouse lot")',
      action: 'openCase',
    });
    expect(messages.samples).toMatchObject([
      { subjectId: sent.body.id, opens: { type: 'user', id: namedId }, actorName: 'mianovak', listingTitle: null },
    ]);
  });
}
