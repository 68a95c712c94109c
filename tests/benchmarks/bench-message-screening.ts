// `npm run bench:screening [-- --messages 400 --rounds 3 --flagged 0.1]`: what the off-platform
// detector and the policy rules add to `POST /message`. The real app (app.inject, embedded PGlite,
// the token-<name> fake identity) takes a mix of ordinary and flagged chat messages; the screening
// the route runs (the detector, and for a flagged message its review case) is then timed alone on
// the same messages, each in a transaction of its own — so the estimate also counts a
// BEGIN/COMMIT the route does not pay, and errs high.
// The rules: a second app on a database of its own, the same in all but ten message rules `on`
// (bench-rules.ts), takes the same messages in the same round (the two apps in turn, first one
// then the other from round to round); what the rules add is its time over the first app's.
// Prints screening / (route − screening) and (route with rules − route) / route: the shares
// detection and rules add to the route; the targets are ≤ 10% each. Exits non-zero only on a
// wrong answer (a flagged message without its detector's case, a clean one with one), never on a
// ratio: two shared cores make single numbers noisy.
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
import { MESSAGE_RULES, turnOnRules } from './bench-rules.js';

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

/** The market app on an embedded database of its own, with the message rules on when `rules`. */
async function chatApp(rules: boolean) {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  if (rules) await turnOnRules(database.db, MESSAGE_RULES);
  const app = await buildApp({
    database,
    ports: localPorts(database, { identity: fakeIdentity }),
    rateLimitMax: 1_000_000,
  });
  const call = marketCall(() => app);
  const otherId = (await call('seller', 'GET', '/user/my-details')).body.id as string;
  const chatId = (await call('buyer', 'POST', '/chat', { otherUserId: otherId })).body.id as string;
  const buyerId = (await call('buyer', 'GET', '/user/my-details')).body.id as string;
  /** Sends every message of `mix`; the time it took and the ids. */
  const send = async (mix: readonly { text: string; flagged: boolean }[]) => {
    const sent: { id: string; flagged: boolean; text: string }[] = [];
    const start = performance.now();
    for (const message of mix) {
      const answer = await call('buyer', 'POST', '/message', { chatId, message: message.text });
      if (answer.status !== 201) throw new Error(`POST /message answered ${answer.status}`);
      sent.push({ id: answer.body.id as string, ...message });
    }
    return { ms: performance.now() - start, sent };
  };
  /** Whether each sent message has its detector's case exactly when it was flagged: the wrong ones. */
  const wrongCases = async (sent: readonly { id: string; flagged: boolean }[]) => {
    const cased = new Set(
      (
        await queryRows<{ subject_id: string }>(
          database.db,
          sql`SELECT subject_id FROM review_cases WHERE subject_type = 'chatMessage' AND source <> 'rule'`,
        )
      ).map((row) => row.subject_id),
    );
    return sent.filter((message) => cased.has(message.id) !== message.flagged).length;
  };
  const ruleCases = async () =>
    Number(
      (
        await queryRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM review_cases WHERE source = 'rule'`)
      )[0]!.n,
    );
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { database, chatId, buyerId, send, wrongCases, ruleCases, close };
}

const plain = await chatApp(false);
const ruled = await chatApp(true);
const { database, chatId, buyerId } = plain;

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

const MESSAGES_RULES_COUNT = MESSAGE_RULES.length;
const ratios: number[] = [];
const ruleRatios: number[] = [];
let wrong = 0;
for (let round = 1; round <= ROUNDS; round++) {
  // The two apps in turn, the first one first in odd rounds: neither is always the warmer.
  const withRules = round % 2 === 1 ? null : await ruled.send(mix);
  const { ms: routeMs, sent: sentIds } = await plain.send(mix);
  const ruledRun = withRules ?? (await ruled.send(mix));

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

  wrong += (await plain.wrongCases(sentIds)) + (await ruled.wrongCases(ruledRun.sent));
  const ratio = screenMs / Math.max(1, routeMs - screenMs);
  ratios.push(ratio);
  const ruleRatio = (ruledRun.ms - routeMs) / routeMs;
  ruleRatios.push(ruleRatio);
  console.log(
    `round ${round}: ${MESSAGES} messages (${Math.round(FLAGGED_SHARE * 100)}% flagged): POST /message ` +
      `${(routeMs / MESSAGES).toFixed(2)} ms each, screening ${(screenMs / MESSAGES).toFixed(3)} ms each ` +
      `→ detection adds ${(ratio * 100).toFixed(1)}%; with ${MESSAGES_RULES_COUNT} rules on ` +
      `${(ruledRun.ms / MESSAGES).toFixed(2)} ms each → rules add ${(ruleRatio * 100).toFixed(1)}%`,
  );
}
// The pure rule alone, for scale: what an ordinary message costs when it opens nothing.
const detectStart = performance.now();
for (let i = 0; i < 20; i++) for (const message of mix) detectOffPlatformContact(message.text);
console.log(`the detector alone: ${((performance.now() - detectStart) / (20 * MESSAGES)).toFixed(4)} ms a message`);
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`median: detection adds ${(medianOf(ratios) * 100).toFixed(1)}% to POST /message (target ≤ 10%)`);
console.log(
  `median: ${MESSAGES_RULES_COUNT} message rules on add ${(medianOf(ruleRatios) * 100).toFixed(1)}% to POST /message ` +
    `(target ≤ 10%; ${await ruled.ruleCases()} cases opened by rules in all)`,
);
await plain.close();
await ruled.close();
if (wrong > 0) {
  console.error(`${wrong} messages screened wrongly (a flagged one without its case or a clean one with one)`);
  process.exit(1);
}
