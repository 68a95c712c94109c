// A user's things in the market, made through the API as the apps make them: listings of every
// kind and a draft, a sale and a purchase (with a counterparty), offers made and received, a
// chat with messages, addresses, a saved card, notifications, a bulk shipping job, an identity
// verification, a payout account, a device, a seller request and uploaded files. Both security
// walks use it: the fuzz to have real ids to aim at, the ownership walk as the things user B
// must not reach.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../server/platform/db/database.js';
import { shippingDocumentsSettled } from '../../server/modules/fulfilment/index.js';
import type { HttpMethod } from './openapi-operations.js';
import { excerpt, PUBLIC_API_URL, send } from './security-app.js';

/** One of the owner's things: what it is, whether anybody may see it, and the value that names it. */
export interface OwnedThing {
  /** In product words, for reports: "alice's draft". */
  label: string;
  /** What kind of thing the value names (values of one kind pair up on routes that take two). */
  kind: 'user' | 'listing' | 'order' | 'offer' | 'chat' | 'message' | 'account' | 'file' | 'other';
  /**
   * Public things are shown to everybody on purpose: a live listing, a user's public profile, an
   * uploaded file's URL, an auction's feed. The rest is the owner's alone.
   */
  visibility: 'public' | 'private';
  value: string;
}

export type MarketCaller = (
  user: string,
  method: HttpMethod,
  path: string,
  payload?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Calls `/v1<path>` as `token-<user>`; the body parsed as JSON (null when empty or not JSON). */
export function callerOf(app: FastifyInstance): MarketCaller {
  return async (user, method, path, payload) => {
    const answer = await send(app, {
      method,
      url: `/v1${path}`,
      token: `token-${user}`,
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
    let body: Record<string, unknown>;
    try {
      body = answer.text ? (JSON.parse(answer.text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    return { status: answer.status, body };
  };
}

const address = (firstName: string, type?: 'DEFAULT' | 'RETURN_ADDRESS') => ({
  firstName,
  lastName: 'Doe',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  ...(type ? { type } : {}),
});

/**
 * Makes `owner`'s things (with `peer` as the other side of every sale, offer and chat; `admin`
 * lets both sell) and returns them. Every step must succeed: a broken fixture fails loudly
 * instead of leaving a thing out of the walk.
 */
export async function makeOwnedThings(
  app: FastifyInstance,
  db: Db,
  { owner, peer, admin = 'admin' }: { owner: string; peer: string; admin?: string },
): Promise<OwnedThing[]> {
  const call = callerOf(app);
  const made = async (what: string, user: string, method: HttpMethod, path: string, payload?: unknown) => {
    const answer = await call(user, method, path, payload);
    if (answer.status >= 300) {
      throw new Error(
        `fixture "${what}": ${method} ${path} answered ${answer.status} ${excerpt(JSON.stringify(answer.body))}`,
      );
    }
    return answer.body;
  };
  const things: OwnedThing[] = [];
  const add = (label: string, kind: OwnedThing['kind'], visibility: OwnedThing['visibility'], value: unknown) => {
    if (typeof value !== 'string' || value === '') throw new Error(`fixture "${label}": no id in the answer`);
    things.push({ label: `${owner}'s ${label}`, kind, visibility, value });
  };

  const ownerId = (await made('owner', owner, 'GET', '/user/my-details')).id as string;
  const peerId = (await made('peer', peer, 'GET', '/user/my-details')).id as string;
  add('user id', 'user', 'public', ownerId);
  things.push({
    label: `${peer} (${owner}'s trading partner)'s user id`,
    kind: 'user',
    visibility: 'public',
    value: peerId,
  });
  add('sign-in uid', 'account', 'private', `uid-${owner}`);
  // Asked for before selling is enabled (a seller has nothing left to ask for).
  const request = await made('seller request', owner, 'POST', '/user-requests', {
    description: 'I sell lamps and vases.',
  });
  add('seller request', 'other', 'private', request.id);
  for (const [user, id] of [
    [owner, ownerId],
    [peer, peerId],
  ] as const) {
    await made('selling enabled', admin, 'PATCH', `/admin/users/${id}/enable-disable-seller`, { sellerEnabled: true });
    await made('default address', user, 'POST', '/user/shipping-info', address(user, 'DEFAULT'));
    await made('return address', user, 'POST', '/user/shipping-info-seller', address(user));
    await made('card', user, 'POST', '/payments/card', { token: 'tok_visa' });
  }
  const addresses = (await made('addresses', owner, 'GET', '/user/shipping-info')) as { items?: { id: string }[] };
  for (const item of addresses.items ?? []) add('address', 'other', 'private', item.id);
  const cards = (await made('cards', owner, 'GET', '/payments/card')) as { items?: { id: string }[] };
  add('saved card', 'other', 'private', cards.items?.[0]?.id);
  const [customer] = await queryRows<{ stripe_customer_id: string | null }>(
    db,
    sql`SELECT stripe_customer_id FROM users WHERE id = ${ownerId}`,
  );
  add('payments customer id', 'account', 'private', customer?.stripe_customer_id);

  // Listings: live ones anybody may see and act on as a buyer, and a draft only the owner sees.
  const listing = async (label: string, body: object) =>
    (await made(label, owner, 'POST', '/listing', { title: `${owner} ${label}`, ...body })).id as string;
  const buyNow = await listing('buy-now listing', { price: 20, inStock: 5 });
  add('buy-now listing', 'listing', 'public', buyNow);
  const auction = await listing('auction', { listingType: 'auction', startingBid: 5 });
  add('auction', 'listing', 'public', auction);
  add('giveaway', 'listing', 'public', await listing('giveaway', { listingType: 'giveaway' }));
  add(
    'draft',
    'listing',
    'private',
    (await made('draft', owner, 'POST', '/draft-listing', { title: 'Unfinished' })).id,
  );
  add(
    'draft saved through POST /listing',
    'listing',
    'private',
    await listing('draft listing', { price: 9, draft: true }),
  );
  const comment = await made('auction comment', owner, 'POST', `/listing/${auction}/messages`, {
    text: 'Ask me anything',
  });
  add('comment in its auction feed', 'message', 'public', comment.id);

  // A sale (peer buys) and a purchase (owner buys the peer's listing).
  const sale = await made('sale', peer, 'POST', '/order', { listingId: buyNow });
  add('sale (as seller)', 'order', 'private', sale.orderId);
  const peerListing = (
    await made('peer listing', peer, 'POST', '/listing', { title: `${peer} lamp`, price: 30, inStock: 5 })
  ).id as string;
  const purchase = await made('purchase', owner, 'POST', '/order', { listingId: peerListing });
  add('purchase (as buyer)', 'order', 'private', purchase.orderId);

  add(
    'offer made',
    'offer',
    'private',
    (await made('offer made', owner, 'POST', '/offer', { listingId: peerListing, amount: 25 })).id,
  );
  add(
    'offer received',
    'offer',
    'private',
    (await made('offer received', peer, 'POST', '/offer', { listingId: buyNow, amount: 15 })).id,
  );

  const chat = await made('chat', owner, 'POST', '/chat', { otherUserId: peerId });
  add('chat', 'chat', 'private', chat.id);
  const message = await made('message', owner, 'POST', '/message', { chatId: chat.id, message: 'Hello there' });
  add('chat message', 'message', 'private', message.id);
  await made('reply', peer, 'POST', '/message', { chatId: chat.id, message: 'Hi back' });
  await made('new message notification', peer, 'POST', '/notifications/send-new-message-notification', {
    chatId: chat.id,
  });
  const notifications = (await made('notifications', owner, 'GET', '/notifications')) as { items?: { id: string }[] };
  add('notification', 'other', 'private', notifications.items?.[0]?.id);

  const job = await made('bulk shipping job', owner, 'POST', '/bulk-shipping', {
    orderIds: [sale.orderId],
    labelSize: '4x6',
  });
  add('bulk shipping job', 'other', 'private', job.id);
  await shippingDocumentsSettled(app.market);

  add(
    'identity verification',
    'account',
    'private',
    (await made('verification', owner, 'POST', '/payments/stripe/verification-session', {})).id,
  );
  add(
    'payout account',
    'account',
    'private',
    (await made('payout account', owner, 'POST', '/payments/stripe/connected')).stripeUserId,
  );
  await made('device', owner, 'POST', '/user/device-token', {
    token: `device-${owner}-0123456789abcdef`,
    platform: 'ios',
  });

  // Uploaded files: their URLs are public (a listing shows its video), attaching one is the owner's.
  for (const [label, path, contentType] of [
    ['uploaded video', '/listing/video-upload-url', 'video/mp4'],
    ['uploaded picture', '/user/profile-picture/upload-url', 'image/png'],
  ] as const) {
    const target = (await made(label, owner, 'POST', path, { contentType })) as { key: string; uploadUrl: string };
    const stored = await app.inject({
      method: 'PUT',
      url: target.uploadUrl.replace(PUBLIC_API_URL, '/v1'),
      headers: { 'content-type': contentType },
      payload: Buffer.from(`${label} bytes`),
    });
    if (stored.statusCode !== 201)
      throw new Error(`fixture "${label}": upload answered ${stored.statusCode} ${stored.body}`);
    add(label, 'file', 'public', target.key);
  }
  return things;
}
