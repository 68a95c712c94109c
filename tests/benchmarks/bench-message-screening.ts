// `npm run bench:screening [-- --messages 400 --rounds 3 --flagged 0.1]`: what the off-platform
// detector adds to `POST /message`. The real app (app.inject, embedded PGlite, the token-<name> fake
// identity) takes a mix of ordinary and flagged chat messages; the screening the route runs (the
// detector, and for a flagged message its review case) is then timed alone on the same messages,
// each in a transaction of its own — so the estimate also counts a BEGIN/COMMIT the route does not
// pay, and errs high.
// Prints screening / (route − screening): the share detection adds to the route; the target is
// ≤ 10%. Exits non-zero only on a wrong answer (a flagged message without its case, a clean one
// with one), never on the ratio: two shared cores make single numbers noisy.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { detectOffPlatformContact, screenChatMessage } from '../../server/modules/trust-safety/index.js';
import { openDatabase, queryRows } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { HARD_NEGATIVES } from '../../server/modules/trust-safety/rules/off-platform-contact.corpus-negatives.js';
import { POSITIVES } from '../../server/modules/trust-safety/rules/off-platform-contact.corpus-positives.js';
import { fakeIdentity, marketCall } from '../market/market-db.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    flagged: { type: 'string', default: '0.1' },
  },
});
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const FLAGGED_SHARE = Number(values.flagged);

const database = await openDatabase({ pgliteDir: 'memory://' });
await migrate(database);
const app = await buildApp({
  database,
  ports: localPorts(database, { identity: fakeIdentity }),
  rateLimitMax: 1_000_000,
});
const call = marketCall(() => app);
const otherId = (await call('seller', 'GET', '/user/my-details')).body.id as string;
const chatId = (await call('buyer', 'POST', '/chat', { otherUserId: otherId })).body.id as string;
const buyerId = (await call('buyer', 'GET', '/user/my-details')).body.id as string;

/**
 * A deterministic mix: every k-th message is a positive of the corpus, the rest hard negatives.
 * `flagged` is the detector's own verdict (its accuracy is the corpus test's business): the bench
 * checks that the route opens a case exactly for what the detector flags.
 */
const mix = Array.from({ length: MESSAGES }, (_, i) =>
  i % Math.round(1 / FLAGGED_SHARE) === 0
    ? POSITIVES[i % POSITIVES.length]![0]
    : HARD_NEGATIVES[i % HARD_NEGATIVES.length]!,
).map((text) => ({ text, flagged: detectOffPlatformContact(text).matches.length > 0 }));

const ratios: number[] = [];
let wrong = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const sentIds: { id: string; flagged: boolean; text: string }[] = [];
  const routeStart = performance.now();
  for (const message of mix) {
    const sent = await call('buyer', 'POST', '/message', { chatId, message: message.text });
    if (sent.status !== 201) throw new Error(`POST /message answered ${sent.status}`);
    sentIds.push({ id: sent.body.id as string, ...message });
  }
  const routeMs = performance.now() - routeStart;

  // The same screening alone, on the same messages, each in its own transaction as in the route.
  const screenStart = performance.now();
  for (const message of sentIds) {
    await database.db.transaction((tx) =>
      screenChatMessage(
        tx,
        { add: () => undefined },
        { id: message.id, chatId, senderId: buyerId, text: message.text },
      ),
    );
  }
  const screenMs = performance.now() - screenStart;

  const cased = new Set(
    (
      await queryRows<{ subject_id: string }>(
        database.db,
        sql`SELECT subject_id FROM review_cases WHERE subject_type = 'chatMessage'`,
      )
    ).map((row) => row.subject_id),
  );
  for (const message of sentIds) if (cased.has(message.id) !== message.flagged) wrong++;
  const ratio = screenMs / Math.max(1, routeMs - screenMs);
  ratios.push(ratio);
  console.log(
    `round ${round}: ${MESSAGES} messages (${Math.round(FLAGGED_SHARE * 100)}% flagged): POST /message ` +
      `${(routeMs / MESSAGES).toFixed(2)} ms each, screening ${(screenMs / MESSAGES).toFixed(3)} ms each ` +
      `→ detection adds ${(ratio * 100).toFixed(1)}%`,
  );
}
// The pure rule alone, for scale: what an ordinary message costs when it opens nothing.
const detectStart = performance.now();
for (let i = 0; i < 20; i++) for (const message of mix) detectOffPlatformContact(message.text);
console.log(`the detector alone: ${((performance.now() - detectStart) / (20 * MESSAGES)).toFixed(4)} ms a message`);
ratios.sort((a, b) => a - b);
const median = ratios[Math.floor(ratios.length / 2)]!;
console.log(`median: detection adds ${(median * 100).toFixed(1)}% to POST /message (target ≤ 10%)`);
await app.close();
await database.close();
if (wrong > 0) {
  console.error(`${wrong} messages screened wrongly (a flagged one without its case or a clean one with one)`);
  process.exit(1);
}
