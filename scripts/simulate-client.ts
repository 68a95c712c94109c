// The simulator's client side (`npm run simulate`, scripts/simulate.ts): its options, the shared state
// of one run (known listings and chats), the Auth emulator and API calls, and making users.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '../server/platform/auth/demo-accounts.js';

export const { values } = parseArgs({
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
export const USERS = Math.max(2, Number(values.users));
export const RATE = Math.max(0.1, Number(values.rate));
export const API = values.api.replace(/\/$/, '');
export const AUCTION_MS = Math.max(5, Number(values['auction-seconds'])) * 1000;
/** 0: until a signal. */
export const RUN_MS = Math.max(0, Number(values.seconds)) * 1000;
export const RUN = randomUUID().slice(0, 6);

export interface SimUser {
  index: number;
  email: string;
  password: string;
  token: string;
  tokenAt: number;
  id: string;
}
export interface KnownListing {
  id: string;
  type: 'default' | 'auction' | 'giveaway';
  sellerId: string;
  price: number | null;
  startingBid: number | null;
  endsAt: number;
}

export const stats = { actions: 0, ok: 0, failed: new Map<string, number>(), byAction: new Map<string, number>() };
export const listings = new Map<string, KnownListing>();
export const chats = new Map<string, string>();
/** Blocked chats and who blocked each: only the blocker may lift a block. */
export const blockedBy = new Map<string, string>();
let stopping = false;
/** Whether a stop was asked for. */
export const isStopping = () => stopping;
/** Wakes the main loop's sleep when a stop is asked for, so a low rate never delays it. */
let wake: () => void = () => undefined;

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });

export function stop(reason: string): void {
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

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T = Record<string, unknown>>(
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

export async function createUser(index: number): Promise<SimUser> {
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
export async function enableSellers(users: SimUser[]): Promise<void> {
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

export const TITLES = [
  'Vintage camera',
  'Signed baseball',
  'Pokémon booster',
  'Leather jacket',
  'Vinyl record',
  'Rolex box',
  'Lego set',
  'Comic #1',
];
export const CHAT_LINES = [
  'Is this still available?',
  'Can you ship today?',
  'What is the condition?',
  'Thanks!',
  'Would you take less?',
];

export function active(type: KnownListing['type'], notSeller?: string): KnownListing[] {
  const now = Date.now();
  return [...listings.values()].filter(
    (listing) => listing.type === type && listing.endsAt > now && listing.sellerId !== notSeller,
  );
}

export async function listItem(user: SimUser, type: KnownListing['type']): Promise<void> {
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
