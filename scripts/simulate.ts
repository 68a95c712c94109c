// Live activity for the local stack (`npm run simulate`): N synthetic buyers and sellers, real
// accounts in the Auth emulator, drive the public API — list items, bid with max bids, enter
// giveaways, chat, make and answer offers, buy, print labels and ship what they sold — at a
// chosen rate until Ctrl-C / SIGTERM (or for `--seconds N`). It is the demo of live moderation
// (the admin app's tables fill in as it runs) and a load generator. An opening round makes
// every kind of activity happen in its first seconds (an auction and a giveaway listed, a bid,
// giveaway entries, a chat with a message, a block, an auction-feed message), so every `/admin`
// event shows up early, not by chance.
//
//
// A user sells only while an admin has enabled them as a seller, so the simulator signs in as
// the demo admin (DEMO_ACCOUNTS, which the stack creates in the emulator) and enables each of
// its users through the admin API before they list anything.
//
//   npm run simulate -- --users 12 --rate 8 [--api http://127.0.0.1:4000/v1] [--emulator 127.0.0.1:9099]
//                       [--auction-seconds 90] [--seconds 0 (until stopped)]
//                       [--admin-email admin@market.test --admin-password admin-demo-pass]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../server/platform/auth/demo-accounts.js';
import { bidIncrementCents } from '../shared/rules/bid-increments.js';
import { centsToUsd, usdToCents } from '../shared/rules/money.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10' },
    rate: { type: 'string', default: '5' },
    api: { type: 'string', default: process.env.MARKET_API ?? 'http://127.0.0.1:4000/v1' },
    emulator: { type: 'string', default: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099' },
    key: { type: 'string', default: 'demo-key' },
    'auction-seconds': { type: 'string', default: '90' },
    seconds: { type: 'string', default: '0' },
    'admin-email': { type: 'string', default: DEMO_ACCOUNTS.admin.email },
    'admin-password': { type: 'string', default: DEMO_ACCOUNTS.admin.password },
  },
});
const USERS = Math.max(2, Number(values.users));
const RATE = Math.max(0.1, Number(values.rate));
const API = values.api.replace(/\/$/, '');
const AUCTION_MS = Math.max(5, Number(values['auction-seconds'])) * 1000;
/** 0: until a signal. */
const RUN_MS = Math.max(0, Number(values.seconds)) * 1000;
const RUN = randomUUID().slice(0, 6);

interface SimUser {
  index: number;
  email: string;
  password: string;
  token: string;
  tokenAt: number;
  id: string;
}
interface KnownListing {
  id: string;
  type: 'default' | 'auction' | 'giveaway';
  sellerId: string;
  price: number | null;
  startingBid: number | null;
  endsAt: number;
}

const stats = { actions: 0, ok: 0, failed: new Map<string, number>(), byAction: new Map<string, number>() };
const listings = new Map<string, KnownListing>();
const chats = new Map<string, string>();
/** Blocked chats and who blocked each: only the blocker may lift a block. */
const blockedBy = new Map<string, string>();
let stopping = false;
/** Wakes the main loop's sleep when a stop is asked for, so a low rate never delays it. */
let wake: () => void = () => undefined;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

function stop(reason: string): void {
  if (stopping) {
    // A second Ctrl-C: leave now, without waiting for requests in flight.
    console.log(`${reason}: exiting at once`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${reason}: stopping…`);
  wake();
}

async function identityToolkit(endpoint: string, body: object): Promise<{ idToken: string }> {
  const response = await fetch(
    `http://${values.emulator}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=${values.key}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await response.json()) as { idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`accounts:${endpoint}: ${json.error?.message ?? response.status}`);
  return json;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function api<T = Record<string, unknown>>(
  user: SimUser | null,
  method: string,
  path: string,
  body?: object,
): Promise<T> {
  if (user && Date.now() - user.tokenAt > 50 * 60_000) {
    // ID tokens last an hour: sign in again well before.
    user.token = (
      await identityToolkit('signInWithPassword', {
        email: user.email,
        password: user.password,
        returnSecureToken: true,
      })
    ).idToken;
    user.tokenAt = Date.now();
  }
  const response = await fetch(`${API}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new ApiError(response.status, json.message ?? response.statusText);
  return json;
}

async function createUser(index: number): Promise<SimUser> {
  const email = `sim-${RUN}-${index}@market.test`;
  const password = `sim-pass-${RUN}`;
  const { idToken } = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  const user: SimUser = { index, email, password, token: idToken, tokenAt: Date.now(), id: '' };
  user.id = (await api<{ id: string }>(user, 'GET', '/user/my-details')).id;
  // Every user can buy and sell: a delivery address and a return address, for shipping labels.
  await Promise.all(
    (['DEFAULT', 'RETURN_ADDRESS'] as const).map((type) =>
      api(user, 'POST', '/user/shipping-info', {
        firstName: 'Sim',
        lastName: `User ${index}`,
        addressLineOne: `${100 + index} Market St`,
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        type,
      }),
    ),
  );
  return user;
}

/** Every simulated user may sell: the admin API's "Enable Seller", as the demo admin. */
async function enableSellers(users: SimUser[]): Promise<void> {
  const { idToken } = await identityToolkit('signInWithPassword', {
    email: values['admin-email'],
    password: values['admin-password'],
    returnSecureToken: true,
  });
  for (const user of users) {
    const response = await fetch(`${API}/admin/users/${user.id}/enable-disable-seller`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ sellerEnabled: true }),
    });
    if (!response.ok) throw new Error(`enabling seller ${user.email}: ${response.status} ${await response.text()}`);
  }
}

const TITLES = [
  'Vintage camera',
  'Signed baseball',
  'Pokémon booster',
  'Leather jacket',
  'Vinyl record',
  'Rolex box',
  'Lego set',
  'Comic #1',
];
const CHAT_LINES = [
  'Is this still available?',
  'Can you ship today?',
  'What is the condition?',
  'Thanks!',
  'Would you take less?',
];

function active(type: KnownListing['type'], notSeller?: string): KnownListing[] {
  const now = Date.now();
  return [...listings.values()].filter(
    (listing) => listing.type === type && listing.endsAt > now && listing.sellerId !== notSeller,
  );
}

async function listItem(user: SimUser, type: KnownListing['type']): Promise<void> {
  const endTime = String(Math.round(Date.now() + AUCTION_MS * (0.5 + Math.random())));
  const price = Math.round(5 + Math.random() * 200);
  const body =
    type === 'default'
      ? { title: pick(TITLES), price, inStock: 1 + Math.floor(Math.random() * 3) }
      : type === 'auction'
        ? { title: pick(TITLES), listingType: type, startingBid: Math.round(1 + Math.random() * 20), endTime }
        : { title: `Giveaway: ${pick(TITLES)}`, listingType: type, endTime };
  const created = await api<{ id: string; endTime: string | null; startingBid: number | null }>(
    user,
    'POST',
    '/listing',
    body,
  );
  listings.set(created.id, {
    id: created.id,
    type,
    sellerId: user.id,
    price: type === 'default' ? price : null,
    startingBid: created.startingBid,
    endsAt: created.endTime ? Number(created.endTime) : Number.MAX_SAFE_INTEGER,
  });
}

/** The actions, weighted: bidding dominates, as on a live auction night. */
const ACTIONS: [name: string, weight: number, run: (user: SimUser, users: SimUser[]) => Promise<void>][] = [
  ['list', 3, (user) => listItem(user, pick(['auction', 'auction', 'default', 'giveaway'] as const))],
  [
    'bid',
    10,
    async (user) => {
      const auction = pick(active('auction', user.id));
      if (!auction) return;
      const latest = await api<{ currentBid: number | null }>(null, 'GET', `/bid/latest/${auction.id}`);
      const minimumCents =
        latest.currentBid === null
          ? usdToCents(auction.startingBid ?? 1)
          : usdToCents(latest.currentBid) + bidIncrementCents(usdToCents(latest.currentBid));
      const amount = centsToUsd(minimumCents);
      const withMax = Math.random() < 0.5;
      const maxBid = centsToUsd(minimumCents + bidIncrementCents(minimumCents) * (1 + Math.floor(Math.random() * 10)));
      await api(
        user,
        'POST',
        '/bid',
        withMax ? { listingId: auction.id, amount, maxBid } : { listingId: auction.id, amount },
      );
    },
  ],
  [
    'giveaway',
    3,
    async (user) => {
      const giveaway = pick(active('giveaway', user.id));
      if (giveaway) await api(user, 'POST', '/giveaway-entry', { listingId: giveaway.id });
    },
  ],
  [
    'buy',
    2,
    async (user) => {
      const listing = pick(active('default', user.id));
      if (!listing) return;
      await api(user, 'POST', '/order', { listingId: listing.id }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) listings.delete(listing.id);
        throw error;
      });
    },
  ],
  [
    'offer',
    2,
    async (user) => {
      const listing = pick(active('default', user.id));
      if (listing?.price)
        await api(user, 'POST', '/offer', {
          listingId: listing.id,
          amount: Math.max(1, Math.round(listing.price * 0.8)),
        });
    },
  ],
  [
    'answer-offers',
    2,
    async (user) => {
      const offers = await api<{ items: { id: string; sellerId: string; status: string }[] }>(
        user,
        'GET',
        '/offer?limit=100',
      );
      const pending = offers.items.filter((offer) => offer.sellerId === user.id && offer.status === 'PENDING');
      const offer = pick(pending);
      if (offer) await api(user, 'POST', `/offer/${offer.id}/${Math.random() < 0.6 ? 'accept' : 'decline'}`);
    },
  ],
  [
    'ship',
    2,
    async (user) => {
      // A seller works through their shipping manager: ship what has a label, else print one.
      type Section = { items: { id: string }[] };
      const manager = await api<{ createLabel: Section; markShipped: Section }>(user, 'GET', '/order-group');
      const labelled = pick(manager.markShipped.items);
      if (labelled) {
        await api(user, 'PATCH', `/order/${labelled.id}/mark-shipped`);
        return;
      }
      const waiting = pick(manager.createLabel.items);
      if (waiting)
        await api(user, 'POST', `/order-group/generate-shipping-label/${waiting.id}/${pick(['4x6', '8.5x11'])}`);
    },
  ],
  [
    'chat',
    4,
    async (user, users) => {
      const other = pick(users.filter((candidate) => candidate !== user));
      const key = [user.id, other.id].sort().join(':');
      let chatId = chats.get(key);
      if (!chatId) {
        chatId = (await api<{ id: string }>(user, 'POST', '/chat', { otherUserId: other.id })).id;
        chats.set(key, chatId);
      }
      await api(user, 'POST', '/message', { chatId, message: pick(CHAT_LINES) }).catch((error: unknown) => {
        // A moderator deleted the chat: the next turn opens a new one.
        if (error instanceof ApiError && error.status === 404) chats.delete(key);
        throw error;
      });
      if (Math.random() < 0.3) await api(other, 'PATCH', `/message/mark-as-read/${other.id}/${user.id}`);
    },
  ],
  [
    'block',
    1,
    async (user) => {
      // Toggle: a chat of this user is blocked for a while, then unblocked by them on a later turn.
      const mine = [...chats.entries()].filter(([key]) => key.split(':').includes(user.id));
      const chat = pick(mine);
      if (!chat) return;
      const blocker = blockedBy.get(chat[1]);
      if (blocker !== undefined && blocker !== user.id) return;
      const block = blocker === undefined;
      await api(user, 'POST', '/chat/block-chat', { chatId: chat[1], block });
      if (block) blockedBy.set(chat[1], user.id);
      else blockedBy.delete(chat[1]);
    },
  ],
  [
    'auction-chat',
    2,
    async (user) => {
      const listing = pick([...active('auction'), ...active('giveaway')]);
      if (listing)
        await api(user, 'POST', `/listing/${listing.id}/messages`, {
          text: pick(['Nice!', 'Going up!', 'Good luck all', 'Wow']),
        });
    },
  ],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);

function pickAction() {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const action of ACTIONS) {
    roll -= action[1];
    if (roll <= 0) return action;
  }
  return ACTIONS[0]!;
}

function runAction(
  name: string,
  run: (user: SimUser, users: SimUser[]) => Promise<void>,
  user: SimUser,
  users: SimUser[],
) {
  stats.actions += 1;
  stats.byAction.set(name, (stats.byAction.get(name) ?? 0) + 1);
  return run(user, users).then(
    () => {
      stats.ok += 1;
    },
    (error: unknown) => {
      const key = error instanceof ApiError ? `${name}:${error.status}` : `${name}:network`;
      stats.failed.set(key, (stats.failed.get(key) ?? 0) + 1);
      if (!(error instanceof ApiError)) console.warn(`${name}: ${(error as Error).message}`);
    },
  );
}

/**
 * Every kind of activity once, in an order where each finds what it needs: an auction and a
 * giveaway listed by the first two users, then a bid, giveaway entries, a chat (new chat,
 * message), a block and an auction-feed message by the others.
 */
async function opening(users: SimUser[]): Promise<void> {
  const types = ['auction', 'giveaway', 'default'] as const;
  const sellers = users.slice(0, Math.max(2, Math.ceil(users.length / 2)));
  for (const [index, user] of sellers.entries()) {
    if (stopping) return;
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
    if (stopping) return;
    await runAction(name, action(name), user, users);
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
  for (let index = 0; index < USERS && !stopping; index += 1) users.push(await createUser(index));
  console.log(`signed up ${users.length} users (sim-${RUN}-*@market.test)`);
  if (!stopping) await enableSellers(users);
  if (!stopping) await opening(users);

  const report = setInterval(() => {
    const failed = [...stats.failed].map(([key, count]) => `${key}×${count}`).join(' ') || 'none';
    console.log(`actions ${stats.actions}, ok ${stats.ok}, failed: ${failed}, live listings ${listings.size}`);
  }, 5_000);

  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / RATE;
  let next = Date.now();
  while (!stopping) {
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
