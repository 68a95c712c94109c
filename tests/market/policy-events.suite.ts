// Policy rules on listings and registrations (DECISIONS "Policy", events `listing` and `signUp`),
// run on both drivers from policy-routes.test.ts and policy-postgres.test.ts beside policy.suite.ts.
// A blocking rule refuses the listing change or the registration with 403 `blockedByPolicy` and
// stores nothing; the other rules judge the stored event after the commit; and a backtest over the
// stored listings and registrations finds exactly what live evaluation matched (property).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runBacktest } from '../../server/modules/policy/index.js';
import { queryRows } from '../../server/platform/db/database.js';
import { Rule, type RuleMatch } from '../../shared/contract/policy.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

/** Waits for `read` to give what `done` accepts (the live hooks act after the answer has gone). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > ms) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The listing and signUp cases, inside the caller's describe (it owns the app). */
export function policyEventCases(app: () => ReviewApp) {
  const call: ReviewApp['call'] = (...args) => app().call(...args);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app().database.db, query);
  let made = 0;
  const ruleInForce = async (body: Record<string, unknown>, mode: 'shadow' | 'on' = 'on') => {
    made += 1;
    const created = await call('mod', 'POST', '/admin/rules', { name: `Event rule ${made}`, mode: 'shadow', ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rule = Rule.parse(created.body);
    if (mode === 'shadow') return rule;
    expect((await call('mod', 'POST', `/admin/rules/${rule.id}/backtest`, { days: 1 })).status).toBe(200);
    const on = await call('mod', 'PATCH', `/admin/rules/${rule.id}`, { mode: 'on' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    return Rule.parse(on.body);
  };
  const matchesOf = async (ruleId: string) =>
    (await call('mod', 'GET', `/admin/rules/${ruleId}/matches?limit=100`)).body.items as RuleMatch[];
  /** The rule's live matches among `ids` are the ones a backtest of its stored events finds. */
  const expectLiveAsReplayed = async (ruleId: string, ids: ReadonlySet<string>) => {
    const backtest = await runBacktest(app().database.db, ruleId, 1, true);
    const replayed = (backtest.matchedIds ?? []).filter((id) => ids.has(id)).sort();
    const judged = await eventually(
      async () => (await matchesOf(ruleId)).map((match) => match.subjectId).filter((id) => ids.has(id)),
      (found) => found.length >= replayed.length,
    );
    expect(judged.sort()).toEqual(replayed);
  };
  const drop = async (...rules: Rule[]) => {
    for (const rule of rules) await call('mod', 'DELETE', `/admin/rules/${rule.id}`);
  };

  it('listing rules: a block refuses the new listing, a case rule opens a case on an auction edited after bids', async () => {
    const [sellerId] = await enableSellers(app().app, 'evtseller');
    const blocker = await ruleInForce({
      event: 'listing',
      expression: 'listing.change == "created" && listing.title.lowerAscii().contains("replica")',
      action: 'block',
      publicMessage: 'Replicas may not be listed.',
    });
    const refused = await call('evtseller', 'POST', '/listing', { title: 'Replica watch', price: 30 });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'blockedByPolicy', message: 'Replicas may not be listed.' },
    });
    expect(await rows(sql`SELECT id FROM listings WHERE user_id = ${sellerId} AND title = 'Replica watch'`)).toEqual(
      [],
    );
    expect(await matchesOf(blocker.id)).toMatchObject([{ action: 'block', done: true, actorId: sellerId }]);

    const caseRule = await ruleInForce({
      event: 'listing',
      expression: 'listing.change == "edited" && listing.bidCount > 0',
      action: 'openCase',
      priority: 'high',
    });
    const listed = await call('evtseller', 'POST', '/listing', {
      title: 'Brass lamp',
      listingType: 'auction',
      startingBid: 10,
      endTime: Date.now() + 48 * 3_600_000,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const listingId = listed.body.id as string;
    // Edited before any bid: no match; the creation is no edit either.
    expect((await call('evtseller', 'PATCH', `/listing/${listingId}`, { title: 'Brass lamp, 1920s' })).status).toBe(
      200,
    );
    expect((await call('evtbidder', 'POST', '/bid', { listingId, amount: 12 })).status).toBe(200);
    // A refused edit (another's listing) is no event: the edit path answers 4xx and nothing is judged.
    expect(
      (await call('evtbidder', 'PATCH', `/listing/${listingId}`, { title: 'Mine now' })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await call('evtseller', 'PATCH', `/listing/${listingId}`, { description: 'Not brass' })).status).toBe(200);
    const cases = await eventually(
      async () =>
        (await call('mod', 'GET', '/admin/review-cases?source=rule&subjectType=listing&limit=100')).body
          .items as ReviewCase[],
      (items) => items.some((item) => item.subjectId === listingId),
    );
    expect(cases.filter((item) => item.subjectId === listingId)).toMatchObject([
      { subjectType: 'listing', priority: 'high', reason: `Rule “${caseRule.name}” (v2)` },
    ]);
    expect(await matchesOf(caseRule.id)).toMatchObject([{ subjectId: listingId, action: 'openCase', done: true }]);
    // The backtest replays the same two edits and finds the one live evaluation matched.
    const replay = await runBacktest(app().database.db, caseRule.id, 1, true);
    expect(replay.matchedIds?.filter((id) => id === listingId)).toEqual([listingId]);
    // Its daily series adds up to its matches, and its samples open the listing.
    expect(replay.perDay.reduce((sum, day) => sum + day.matches, 0)).toBe(replay.matches);
    expect(replay.samples.find((sample) => sample.subjectId === listingId)?.opens).toEqual({
      type: 'listing',
      id: listingId,
    });
    await drop(blocker, caseRule);
  });

  it('signUp rules: a block refuses the registration and registers nothing; a shadow rule records the new account', async () => {
    const registration = (userName: string) => ({ userName, firstName: 'Eve', lastName: 'Tee', acceptedTerms: true });
    const blocker = await ruleInForce({
      event: 'signUp',
      expression: 'signUp.email.startsWith("evtrefused") && actor.ageDays < 1',
      action: 'block',
      publicMessage: 'Registrations from this address are paused.',
    });
    const watcher = await ruleInForce(
      { event: 'signUp', expression: 'signUp.emailDomain == "market.test"', action: 'openCase' },
      'shadow',
    );
    const refused = await call('evtrefused', 'POST', '/user', registration('evtrefused'));
    expect(refused).toMatchObject({ status: 403, body: { code: 'blockedByPolicy' } });
    const refusedId = (await call('evtrefused', 'GET', '/user/my-details')).body.id as string;
    expect(await rows(sql`SELECT id FROM users WHERE id = ${refusedId} AND accepted_terms_at IS NOT NULL`)).toEqual([]);

    const welcomed = await call('evtwelcome', 'POST', '/user', registration('evtwelcome'));
    expect(welcomed.status, JSON.stringify(welcomed.body)).toBe(201);
    const userId = welcomed.body.id as string;
    const recorded = await eventually(
      () => matchesOf(watcher.id),
      (items) => items.some((item) => item.subjectId === userId),
    );
    expect(recorded.filter((item) => item.subjectId === userId)).toMatchObject([
      { actorId: userId, mode: 'shadow', action: 'openCase', done: false },
    ]);
    const replay = await runBacktest(app().database.db, watcher.id, 1, true);
    expect(replay.matchedIds).toContain(userId);
    expect(replay.samples.find((sample) => sample.subjectId === userId)?.opens).toEqual({ type: 'user', id: userId });
    expect(replay.matchedIds).not.toContain(refusedId);
    await drop(blocker, watcher);
  });

  it('lists a rule’s versions newest first, with what each judged and who saved it', async () => {
    const rule = await ruleInForce({ event: 'message', expression: 'message.text.size() > 400', action: 'openCase' });
    const edited = await call('mod', 'PATCH', `/admin/rules/${rule.id}`, {
      expression: 'message.text.size() > 500',
      mode: 'shadow',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const versions = await call('sup', 'GET', `/admin/rules/${rule.id}/versions?limit=2`);
    expect(versions.status, JSON.stringify(versions.body)).toBe(200);
    expect(versions.body).toMatchObject({
      count: 3,
      items: [
        {
          version: 3,
          expression: 'message.text.size() > 500',
          mode: 'shadow',
          action: 'openCase',
          changedBy: 'uid-mod',
        },
        { version: 2, expression: 'message.text.size() > 400', mode: 'on', event: 'message' },
      ],
    });
    expect((await call('mod', 'GET', `/admin/rules/${rule.id}/versions?page=2&limit=2`)).body.items).toMatchObject([
      { version: 1, mode: 'shadow' },
    ]);
    expect((await call('mod', 'GET', `/admin/rules/${rule.id}/versions?limit=0`)).status).toBe(400);
    expect((await call('fin', 'GET', `/admin/rules/${rule.id}/versions`)).status).toBe(403);
    expect((await call('mod', 'GET', '/admin/rules/nope/versions')).status).toBe(404);
    await drop(rule);
    expect((await call('mod', 'GET', `/admin/rules/${rule.id}/versions`)).status).toBe(404);
  });

  it('keeps the owner’s precision target per rule: only an owner sets it, between 0 and 1', async () => {
    const rule = await ruleInForce({ event: 'bid', expression: 'bid.amount > 5000.0', action: 'openCase' }, 'shadow');
    expect(rule.precisionTarget).toBeNull();
    expect((await call('mod', 'PATCH', `/admin/rules/${rule.id}`, { precisionTarget: 0.9 })).status).toBe(403);
    for (const precisionTarget of [1.5, -0.1, '0.9']) {
      expect((await call('admin', 'PATCH', `/admin/rules/${rule.id}`, { precisionTarget })).status).toBe(400);
    }
    const set = await call('admin', 'PATCH', `/admin/rules/${rule.id}`, { precisionTarget: 0.8 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(Rule.parse((await call('sup', 'GET', `/admin/rules/${rule.id}`)).body)).toMatchObject({
      precisionTarget: 0.8,
      stats: { precision: null },
    });
    // The moderator still edits the rule; the target stays.
    const renamed = await call('mod', 'PATCH', `/admin/rules/${rule.id}`, { name: 'Large bids, targeted' });
    expect(renamed.body).toMatchObject({ name: 'Large bids, targeted', precisionTarget: 0.8 });
    expect((await call('admin', 'PATCH', `/admin/rules/${rule.id}`, { precisionTarget: null })).body).toMatchObject({
      precisionTarget: null,
    });
    const made = await call('mod', 'POST', '/admin/rules', {
      name: 'Mod target',
      event: 'bid',
      expression: 'true',
      action: 'openCase',
      precisionTarget: 0.5,
    });
    expect(made.status).toBe(403);
    await drop(rule);
  });

  it('a backtest over the stored listings finds exactly the listing events live evaluation matched (property)', async () => {
    await enableSellers(app().app, 'evtprop');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 5, max: 60 }),
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 80 }),
            title: fc.constantFrom('Lamp', 'Zebra rug', 'Vase'),
            newTitle: fc.option(fc.constantFrom('Zinc lamp', 'Old vase'), { nil: null }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (threshold, listings) => {
          const rule = await ruleInForce(
            {
              event: 'listing',
              expression: `listing.price >= ${threshold}.0 || listing.title.startsWith("Z")`,
              action: 'openCase',
            },
            'shadow',
          );
          const ids = new Set<string>();
          for (const { price, title, newTitle } of listings) {
            const listed = await call('evtprop', 'POST', '/listing', { title, price });
            expect(listed.status).toBe(201);
            ids.add(listed.body.id as string);
            if (newTitle !== null) {
              const edited = await call('evtprop', 'PATCH', `/listing/${listed.body.id}`, { title: newTitle });
              expect(edited.status).toBe(200);
            }
          }
          // Each listing's creation and edit are two events under its id: compared with their repeats.
          await expectLiveAsReplayed(rule.id, ids);
          await drop(rule);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);

  it('a backtest over the stored messages finds exactly the chat and auction messages live evaluation matched (property)', async () => {
    await enableSellers(app().app, 'msgseller');
    const other = (await call('msgseller', 'GET', '/user/my-details')).body.id as string;
    const chat = await call('msgprop', 'POST', '/chat', { otherUserId: other });
    const listing = await call('msgseller', 'POST', '/listing', {
      title: 'Brass lamp',
      listingType: 'auction',
      startingBid: 5,
    });
    expect([chat.status, listing.status]).toEqual([200, 201]);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 8, max: 40 }),
        fc.array(
          fc.record({
            text: fc.constantFrom('Is it still there?', 'venmo me first', 'Ship it Monday, please', 'OK'),
            auction: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (length, messages) => {
          const rule = await ruleInForce(
            {
              event: 'message',
              expression: `message.text.size() >= ${length} || message.text.contains("venmo")`,
              action: 'openCase',
            },
            'shadow',
          );
          const ids = new Set<string>();
          for (const { text, auction } of messages) {
            const sent = auction
              ? await call('msgprop', 'POST', `/listing/${listing.body.id}/messages`, { text })
              : await call('msgprop', 'POST', '/message', { chatId: chat.body.id, message: text });
            expect(sent.status).toBe(201);
            ids.add(sent.body.id as string);
          }
          // Judged live from what the routes stored (storedMessageOf), replayed from the tables.
          await expectLiveAsReplayed(rule.id, ids);
          await drop(rule);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
}
