// Live activity for the local stack (`npm run simulate`): N synthetic buyers and sellers, real
// accounts in the Auth emulator, drive the public API — list items, bid with max bids, enter
// giveaways, chat, make and answer offers, buy, print labels and ship what they sold — at a
// chosen rate until Ctrl-C / SIGTERM (or for `--seconds N`). It is the demo of live moderation
// (the admin app's tables fill in as it runs) and a load generator. An opening round makes
// every kind of activity happen in its first seconds (an auction and a giveaway listed, a bid,
// giveaway entries, a chat with a message, a block, an auction-feed message), so every `/admin`
// event shows up early, not by chance; then the review queue's own opening (a flagged chat message,
// a listing reported twice, and with five users or more one shill ring).
//
//
// A user sells only while an admin has enabled them as a seller, so the simulator signs in as
// the demo admin (DEMO_ACCOUNTS, which the stack creates in the emulator) and enables each of
// its users through the admin API before they list anything.
//
//   npm run simulate -- --users 12 --rate 8 [--api http://127.0.0.1:4000/v1] [--emulator 127.0.0.1:9099]
//                       [--auction-seconds 90] [--seconds 0 (until stopped)]
//                       [--admin-email admin@market.test --admin-password admin-demo-pass]
import {
  API,
  createUser,
  enableSellers,
  isStopping,
  listItem,
  listings,
  pick,
  RATE,
  RUN,
  RUN_MS,
  sleep,
  stats,
  stop,
  USERS,
  values,
  type SimUser,
} from './simulate-client.js';
import { ACTIONS, pickAction, runAction } from './simulate-actions.js';
import { reportListing, shillRing } from './simulate-review-actions.js';

/**
 * Every kind of activity once, in an order where each finds what it needs: an auction and a
 * giveaway listed by the first two users, then a bid, giveaway entries, a chat (new chat,
 * message), a block and an auction-feed message by the others.
 */
async function opening(users: SimUser[]): Promise<void> {
  const types = ['auction', 'giveaway', 'default'] as const;
  const sellers = users.slice(0, Math.max(2, Math.ceil(users.length / 2)));
  for (const [index, user] of sellers.entries()) {
    if (isStopping()) return;
    await runAction('list', (seller) => listItem(seller, types[index % types.length]!), user, users);
  }
  const action = (name: string) => ACTIONS.find(([candidate]) => candidate === name)![2];
  const steps: [name: string, user: SimUser][] = [
    ['bid', users[1]!],
    ...users.filter((user) => user !== users[1]).map((user): [string, SimUser] => ['giveaway', user]),
    ['chat', users[0]!],
    ['block', users[0]!],
    ['auction-chat', users[users.length - 1]!],
  ];
  for (const [name, user] of steps) {
    if (isStopping()) return;
    await runAction(name, action(name), user, users);
  }
  // The review queue: a flagged chat message, one listing reported by two users (the second joins
  // its case), and the shill ring on the first seller's auction.
  const reported = [...listings.values()].find((listing) => listing.sellerId === users[0]!.id);
  type Step = [name: string, user: SimUser, run: (user: SimUser) => Promise<void>];
  const steps2: Step[] = [
    ['flagged-chat', users[0]!, (user) => action('flagged-chat')(user, users)],
    ...users
      .slice(1, 3)
      .map((user): Step => [
        'report',
        user,
        (reporter) => (reported ? reportListing(reporter, reported.id) : Promise.resolve()),
      ]),
    ...(users.length >= 5
      ? [['shill-ring', users[0]!, (seller: SimUser) => shillRing(seller, users.slice(2, 5))] satisfies Step]
      : []),
  ];
  for (const [name, user, run] of steps2) {
    if (isStopping()) return;
    await runAction(name, run, user, users);
  }
}

async function main(): Promise<void> {
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const deadline = RUN_MS > 0 ? setTimeout(() => stop(`${RUN_MS / 1000} s elapsed`), RUN_MS) : null;
  console.log(
    `simulate: ${USERS} users, ${RATE} actions/s against ${API} (Auth emulator ${values.emulator}); ` +
      (RUN_MS > 0 ? `${RUN_MS / 1000} s or ` : '') +
      'Ctrl-C stops',
  );
  const users: SimUser[] = [];
  for (let index = 0; index < USERS && !isStopping(); index += 1) users.push(await createUser(index));
  console.log(`signed up ${users.length} users (sim-${RUN}-*@market.test)`);
  if (!isStopping()) await enableSellers(users);
  if (!isStopping()) await opening(users);

  const report = setInterval(() => {
    const failed = [...stats.failed].map(([key, count]) => `${key}×${count}`).join(' ') || 'none';
    console.log(`actions ${stats.actions}, ok ${stats.ok}, failed: ${failed}, live listings ${listings.size}`);
  }, 5_000);

  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / RATE;
  let next = Date.now();
  while (!isStopping()) {
    const [name, , run] = pickAction();
    const task = runAction(name, run, pick(users), users);
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
    next += interval;
    await sleep(Math.max(0, next - Date.now()));
  }
  await Promise.allSettled([...inFlight]);
  clearInterval(report);
  if (deadline) clearTimeout(deadline);
  console.log(`done: ${stats.actions} actions, ${stats.ok} ok`, Object.fromEntries(stats.byAction));
}

main().then(
  // Idle keep-alive connections must not hold the process after a stop.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
