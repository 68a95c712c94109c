// The realtime module against real socket.io-client sockets on a real port (one node, no Redis).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONNECT_ERRORS, listingRoom, userRoom } from '../../shared/contract/realtime-events.js';
import type { ListingSubscriptionAck } from '../../server/platform/realtime/attach-realtime.js';
import { LISTING_SUBSCRIPTION_EVENTS, RECOVERY_WINDOW_MS } from '../../server/platform/realtime/attach-realtime.js';
import {
  TOKENS,
  chatMessage,
  client,
  closeClients,
  collect,
  fakeVerifier,
  nextEvent,
  startNode,
  type Node,
} from './realtime-harness.js';

const revoked = new Set<string>();
let node: Node;
let admin: string;

beforeAll(async () => {
  node = await startNode({ verifyToken: fakeVerifier(revoked), validatePayloads: true });
  admin = `${node.url}/admin`;
});
afterEach(() => {
  closeClients();
  revoked.clear();
});
afterAll(() => node.stop());

describe('/admin handshake', () => {
  it('lets a moderator with an admin token in', async () => {
    const socket = await client(admin, { auth: { token: TOKENS.admin } }).connected;
    expect(socket.connected).toBe(true);
  });

  it.each([
    ['no token', undefined, ADMIN_CONNECT_ERRORS.unauthorized],
    ['an empty token', { token: '' }, ADMIN_CONNECT_ERRORS.unauthorized],
    ['a token that is not a string', { token: 42 }, ADMIN_CONNECT_ERRORS.unauthorized],
    ['an unknown or expired token', { token: 'forged' }, ADMIN_CONNECT_ERRORS.unauthorized],
    ['a valid token without the admin claim', { token: TOKENS.buyer }, ADMIN_CONNECT_ERRORS.forbidden],
  ])('refuses %s with connect_error "%s"', async (_, auth, message) => {
    await expect(client(admin, auth ? { auth } : {}).connected).rejects.toThrow(new RegExp(`^${message}$`));
  });

  it('checks the token again on reconnect, recovered or not: a token revoked meanwhile is refused', async () => {
    const { socket, connected } = client(admin, {
      auth: { token: TOKENS.admin },
      reconnection: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 50,
    });
    await connected;
    // With an event received the session is recoverable: recovery must not skip the check.
    const first = nextEvent(socket, 'chatDeleted');
    node.realtime.publishAdmin('chatDeleted', { id: 'chat-1' });
    await first;
    revoked.add(TOKENS.admin);
    const refused = nextEvent<Error>(socket, 'connect_error');
    socket.io.engine.close(); // the network drops; the client reconnects by itself
    expect((await refused).message).toBe(ADMIN_CONNECT_ERRORS.unauthorized);
    expect(socket.connected).toBe(false);
  });
});

describe('/admin events', () => {
  it('every connected moderator receives newMessage as a chat-message item', async () => {
    const [first, second] = await Promise.all([
      client(admin, { auth: { token: TOKENS.admin } }).connected,
      client(admin, { auth: { token: TOKENS.admin } }).connected,
    ]);
    const payload = chatMessage('is this still available?');
    const received = Promise.all([nextEvent(first, 'newMessage'), nextEvent(second, 'newMessage')]);
    node.realtime.publishAdmin('newMessage', payload);
    expect(await received).toEqual([payload, payload]);
  });

  it('pushes deletions as {id}', async () => {
    const socket = await client(admin, { auth: { token: TOKENS.admin } }).connected;
    const received = nextEvent(socket, 'messageDeleted');
    node.realtime.publishAdmin('messageDeleted', { id: 'message-7' });
    expect(await received).toEqual({ id: 'message-7' });
  });

  it('refuses to send a payload that breaks the contract (validation on in tests)', () => {
    const broken = { ...chatMessage('hi'), createdAt: 'yesterday' };
    expect(() => node.realtime.publishAdmin('newMessage', broken)).toThrow();
  });

  it('admin events stay on /admin: a buyer socket on the default namespace hears nothing', async () => {
    const buyer = await client(node.url, { auth: { token: TOKENS.buyer } }).connected;
    const heard = collect(buyer, 'newMessage', 300);
    node.realtime.publishAdmin('newMessage', chatMessage('private'));
    expect(await heard).toEqual([]);
  });

  it(`a moderator who drops for a moment misses nothing (recovery window ${RECOVERY_WINDOW_MS / 1000} s)`, async () => {
    expect(node.realtime.recovery).toBe('in-memory');
    const { socket, connected } = client(admin, {
      auth: { token: TOKENS.admin },
      reconnection: true,
      reconnectionDelay: 300,
      reconnectionDelayMax: 300,
    });
    await connected;
    // A first event gives the client an offset to resume from.
    const first = nextEvent(socket, 'newMessage');
    node.realtime.publishAdmin('newMessage', chatMessage('before the drop'));
    await first;

    const serverSide = [...node.realtime.io.of('/admin').sockets.values()][0]!;
    const dropped = new Promise((resolve) => serverSide.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    const missed = chatMessage('while offline');
    node.realtime.publishAdmin('newMessage', missed);
    expect(socket.connected).toBe(false);

    const replayed = nextEvent(socket, 'newMessage');
    await nextEvent(socket, 'connect');
    expect(socket.recovered).toBe(true);
    expect(await replayed).toEqual(missed);
  });
});

describe('default namespace (buyers and sellers)', () => {
  const join = (socket: ReturnType<typeof client>['socket'], listingId: unknown) =>
    socket.emitWithAck(LISTING_SUBSCRIPTION_EVENTS.join, listingId) as Promise<ListingSubscriptionAck>;

  it('an anonymous socket follows a listing room and hears its bids', async () => {
    const socket = await client(node.url).connected;
    expect(await join(socket, 'listing-1')).toEqual({ ok: true, room: listingRoom('listing-1') });
    const payload = {
      listingId: 'listing-1',
      bidId: 'bid-1',
      bidderId: 'buyer-2',
      amount: 12.5,
      currentBid: 12.5,
      leaderId: 'buyer-2',
      bidCount: 3,
      endTime: '1790000000000',
    };
    const received = nextEvent(socket, 'newBid');
    node.realtime.publishMarket('newBid', listingRoom('listing-1'), payload);
    expect(await received).toEqual(payload);
  });

  it('leaving a listing room stops its events; other listings are never heard', async () => {
    const socket = await client(node.url).connected;
    await join(socket, 'listing-1');
    await socket.emitWithAck(LISTING_SUBSCRIPTION_EVENTS.leave, 'listing-1');
    const heard = collect(socket, 'listingEndTimeIncremented', 300);
    node.realtime.publishMarket('listingEndTimeIncremented', listingRoom('listing-1'), {
      listingId: 'listing-1',
      endTime: '1790000000000',
    });
    node.realtime.publishMarket('listingEndTimeIncremented', listingRoom('listing-2'), {
      listingId: 'listing-2',
      endTime: '1790000000000',
    });
    expect(await heard).toEqual([]);
  });

  it('refuses a malformed listing id in the acknowledgement', async () => {
    const socket = await client(node.url).connected;
    expect(await join(socket, { id: 1 })).toEqual({ ok: false, message: 'listingId must be a listing id' });
  });

  it('a signed-in socket hears its own user room, and only its own', async () => {
    const buyer = await client(node.url, { auth: { token: TOKENS.buyer } }).connected;
    const stranger = await client(node.url).connected;
    const payload = { listingId: 'listing-1', userId: 'buyer-1', currentBid: 51 };
    const received = nextEvent(buyer, 'userOutbid');
    const overheard = collect(stranger, 'userOutbid', 300);
    node.realtime.publishMarket('userOutbid', [userRoom('buyer-1')], payload);
    expect(await received).toEqual(payload);
    expect(await overheard).toEqual([]);
  });

  it('refuses a bad token rather than downgrading it to anonymous', async () => {
    await expect(client(node.url, { auth: { token: 'forged' } }).connected).rejects.toThrow(/^unauthorized$/);
  });

  it('an event with no room goes nowhere (not to everybody)', async () => {
    const socket = await client(node.url).connected;
    await join(socket, 'listing-1');
    const heard = collect(socket, 'feedListingUpdated', 300);
    node.realtime.publishMarket('feedListingUpdated', [], { listingId: 'listing-1' });
    expect(await heard).toEqual([]);
  });

  it('refuses a payload that breaks the contract', () => {
    expect(() =>
      node.realtime.publishMarket('userOutbid', userRoom('buyer-1'), {
        listingId: 'listing-1',
        userId: 'buyer-1',
        currentBid: 0.125,
      }),
    ).toThrow();
  });
});
