// The two-user ownership walk: user A (alice) has one of everything the market keeps for a user;
// user B (bob) calls every operation of the OpenAPI document that takes an id with each of A's
// ids in each id slot (path, query, body), the other slots holding B's own things. B must get
// 403 or 404, or exactly the answer an id of nothing gets (then A's id meant nothing there), and
// no row of any table may change. A public read (a GET without a token) may show A's *public*
// things (a live listing, a profile, a file, an auction's feed); B's buyer and visitor actions
// on public things are not walked (VISITOR_ACTIONS in ownership-rules.ts). The rules come from
// the route table, so a route added later is walked too. WALK_VERBOSE=1 prints each answer taken
// as "the same as an id of nothing", to review what the walk let through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, makeOwnedThings, type OwnedThing } from './market-objects.js';
import { fetchOperations, type Operation } from './openapi-operations.js';
import {
  answersAlike,
  type IdSlot,
  idSlots,
  isPublicRead,
  nearMiss,
  type OwnValues,
  pairsOfAKind,
  requestNaming,
  slotKey,
  VISITOR_ACTIONS,
} from './ownership-rules.js';
import {
  buildSecurityApp,
  excerpt,
  PUBLIC_API_URL,
  type SecurityApp,
  send,
  type SentRequest,
  type Snapshot,
  snapshotChanges,
  snapshotTables,
  writeAheadPosition,
} from './security-app.js';

type Verdict = 'refused' | 'same as an id of nothing' | 'public read' | 'leak';

interface Case {
  operation: Operation;
  /** Which of A's things sits in which slot. */
  named: { slot: IdSlot; thing: OwnedThing }[];
}

describe('two-user ownership walk', () => {
  let walk: SecurityApp;
  let operations: Operation[];
  let things: OwnedThing[];
  let own: OwnValues;

  beforeAll(async () => {
    walk = await buildSecurityApp({ demoData: false });
    operations = await fetchOperations(walk.app);
    things = await makeOwnedThings(walk.app, walk.database.db, { owner: 'alice', peer: 'carol' });
    // B's own things, for the slots of a request the walk is not about.
    const call = callerOf(walk.app);
    const bob = (await call('bob', 'GET', '/user/my-details')).body.id as string;
    await call('admin', 'PATCH', `/admin/users/${bob}/enable-disable-seller`, { sellerEnabled: true });
    const listing = await call('bob', 'POST', '/listing', { title: 'Bob lamp', price: 12 });
    const video = await call('bob', 'POST', '/listing/video-upload-url', { contentType: 'video/mp4' });
    await walk.app.inject({
      method: 'PUT',
      url: (video.body.uploadUrl as string).replace(PUBLIC_API_URL, '/v1'),
      headers: { 'content-type': 'video/mp4' },
      payload: Buffer.from('bob video'),
    });
    own = { userId: bob, listingId: listing.body.id as string, key: video.body.key as string };
    expect(own.listingId).toBeTruthy();
  }, 120_000);
  afterAll(async () => {
    await walk?.close();
  });

  /** Every request of the walk: each of A's things in each id slot, and same-kind pairs where a route takes two. */
  const cases = (): Case[] =>
    operations.flatMap((operation) => {
      const slots = idSlots(operation);
      const single = slots.flatMap((slot) => things.map((thing) => ({ operation, named: [{ slot, thing }] })));
      const pathSlots = slots.filter((slot) => slot.in === 'path');
      const pairs =
        pathSlots.length === 2
          ? pairsOfAKind(things).map(([first, second]) => ({
              operation,
              named: [
                { slot: pathSlots[0]!, thing: first },
                { slot: pathSlots[1]!, thing: second },
              ],
            }))
          : [];
      return [...single, ...pairs];
    });

  it("refuses B every route that names one of A's things, and changes nothing", async () => {
    const db = walk.database.db;
    const leaks = new Map<string, string[]>();
    const verdicts = new Map<Verdict | 'visitor action, not walked', number>();
    const count = (verdict: Verdict | 'visitor action, not walked') =>
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
    const walked = new Set<string>();
    let before: Snapshot = await snapshotTables(db);
    let beforeAt = await writeAheadPosition(db);
    let snapshots = 0;
    // A snapshot reads every row of every table: taken only when the log moved since the last
    // one (most of B's calls are refused and write nothing), which cut the walk's time by most.
    const sendAndCompare = async (request: SentRequest) => {
      const answer = await send(walk.app, request);
      if ((await writeAheadPosition(db)) === beforeAt) return { answer, changes: [] };
      const after = await snapshotTables(db);
      snapshots += 1;
      const changes = snapshotChanges(before, after);
      before = after;
      beforeAt = await writeAheadPosition(db);
      return { answer, changes };
    };

    for (const { operation, named } of cases()) {
      if (VISITOR_ACTIONS.has(operation.name) && named.every(({ thing }) => thing.visibility === 'public')) {
        count('visitor action, not walked');
        continue;
      }
      walked.add(operation.name);
      const values = new Map(named.map(({ slot, thing }) => [slotKey(slot), thing.value]));
      const request = requestNaming(operation, values, own, 'token-bob');
      const { answer, changes } = await sendAndCompare(request);
      const what = `${operation.name} naming ${named.map(({ slot, thing }) => `${thing.label} in ${slot.in} ${slot.name}`).join(' and ')}`;
      const report = (reason: string) =>
        leaks.set(operation.name, [
          ...(leaks.get(operation.name) ?? []),
          `${what}: ${reason}\n    request: ${request.method} ${excerpt(request.url, 200)} ${excerpt(request.payload, 200)}\n    answer: ${answer.status} ${excerpt(answer.text, 300)}`,
        ]);
      if (answer.status >= 500) {
        report(`answered ${answer.status}`);
        count('leak');
        continue;
      }
      if (changes.length > 0) {
        report(`changed the database:\n      ${changes.slice(0, 6).join('\n      ')}`);
        count('leak');
        continue;
      }
      if (isPublicRead(operation) && named.every(({ thing }) => thing.visibility === 'public')) {
        count('public read');
        continue;
      }
      if (answer.status === 403 || answer.status === 404) {
        count('refused');
        continue;
      }
      // Not refused: fine only if the route answers a near-miss of the same ids (naming nothing) alike.
      const missing = new Map(named.map(({ slot, thing }) => [slotKey(slot), nearMiss(thing.value)]));
      const control = await sendAndCompare(requestNaming(operation, missing, own, 'token-bob'));
      const swaps = named.map(({ thing }): [string, string] => [thing.value, nearMiss(thing.value)]);
      if (answersAlike(answer, control.answer, swaps)) {
        count('same as an id of nothing');
        if (process.env.WALK_VERBOSE) console.log(`same as an id of nothing: ${what}: ${answer.status}`);
      } else {
        count('leak');
        report(
          `not refused, and unlike the answer to an id of nothing (${control.answer.status} ${excerpt(control.answer.text, 160)})`,
        );
      }
    }

    const summary = [...verdicts].map(([verdict, n]) => `${verdict}: ${n}`).join(', ');
    console.log(
      `ownership walk: ${walked.size} operations that take ids, ${things.length} things of alice; ${summary}; ` +
        `${snapshots} snapshots of the tables where the log moved`,
    );
    expect(walked.size).toBeGreaterThan(80);
    // Per operation: how many of A's things reached, and the first two in full.
    const byOperation = [...leaks].map(
      ([name, found]) => `${name} (${found.length} of A's things):\n  ${found.slice(0, 2).join('\n  ')}`,
    );
    expect(byOperation, `B reached A's things:\n${byOperation.join('\n')}`).toEqual([]);
  }, 600_000);
});
