// Two API nodes (the real app, market routes and Socket.IO) sharing one PostgreSQL and one Redis:
// a message posted through node B reaches a moderator's `/admin` socket and the recipient's
// user-room socket on node A; bids voided through node B reach the auction's room and every back
// office on node A.
// test-needs: postgres
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_NAMESPACE,
  type ListingStanding,
  LISTING_SUBSCRIPTION_EVENTS,
  listingRoom,
} from '../../shared/contract/realtime-events.js';

import { useTwoMarketNodes } from './two-market-nodes.js';
import { enableSellers, fakeIdentity } from './market-db.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('redis', 'postgres');
if (!available) console.warn('SKIPPED: redis-server or PostgreSQL missing, the two-node market test cannot run');

describe.skipIf(!available)('two market nodes sharing PostgreSQL and Redis', () => {
  const { nodes, sockets } = useTwoMarketNodes(fakeIdentity);

  const call = async (node: number, user: string, method: string, path: string, body?: object) => {
    const response = await fetch(`${nodes[node]!.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer token-${user}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const socketTo = (url: string, token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { forceNew: true, transports: ['websocket'], reconnection: false, auth: { token } });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('an admin socket on node A receives newMessage for a message posted through node B, and its deletion', async () => {
    const sellerId = (await call(0, 'seller', 'GET', '/user/my-details')).id as string;
    const buyerId = (await call(1, 'buyer', 'GET', '/user/my-details')).id as string;
    const admin = await socketTo(`${nodes[0]!.url}${ADMIN_NAMESPACE}`, 'token-admin');
    const seller = await socketTo(nodes[0]!.url, 'token-seller');
    const adminMessage = next<{ message: string; user: { id: string }; otherUser: { id: string } }>(
      admin,
      'newMessage',
    );
    const sellerMessage = next<{ id: string; chatId: string; message: string }>(seller, 'newMessage');

    const chat = await call(1, 'buyer', 'POST', '/chat', { otherUserId: sellerId });
    await call(1, 'buyer', 'POST', '/message', { chatId: chat.id, message: 'Hello from node B' });

    expect(await adminMessage).toMatchObject({
      message: 'Hello from node B',
      user: { id: buyerId },
      otherUser: { id: sellerId },
    });
    const posted = await sellerMessage;
    expect(posted).toMatchObject({ chatId: chat.id, message: 'Hello from node B' });

    // A moderator deleting the message on node B is heard by the moderator on node A.
    const deleted = next<{ id: string }>(admin, 'messageDeleted');
    const response = await fetch(`${nodes[1]!.url}/v1/admin/chat/soft-delete-message/${posted.id}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer token-admin' },
    });
    expect(response.status).toBe(204);
    expect(await deleted).toEqual({ id: posted.id });
  });

  it('bids voided through node B: the moderator on node A hears auctionStandingChanged, the room on node A bidsVoided', async () => {
    await enableSellers(nodes[0]!.app, 'seller');
    const listing = await call(0, 'seller', 'POST', '/listing', {
      title: 'Two-node lamp',
      listingType: 'auction',
      startingBid: 1,
    });
    const listingId = listing.id as string;
    const honestId = (await call(0, 'honest', 'GET', '/user/my-details')).id as string;
    const shillId = (await call(1, 'shill', 'GET', '/user/my-details')).id as string;
    await call(0, 'honest', 'POST', '/bid', { listingId, amount: 1, maxBid: 100 });
    expect(await call(1, 'shill', 'POST', '/bid', { listingId, amount: 40 })).toMatchObject({ currentBid: 41 });

    const admin = await socketTo(`${nodes[0]!.url}${ADMIN_NAMESPACE}`, 'token-admin');
    const watcher = await socketTo(nodes[0]!.url, 'token-watcher');
    expect(await watcher.emitWithAck(LISTING_SUBSCRIPTION_EVENTS.join, listingId)).toEqual({
      ok: true,
      room: listingRoom(listingId),
    });
    const heardByAdmin = next<ListingStanding>(admin, 'auctionStandingChanged');
    const heardInRoom = next<ListingStanding>(watcher, 'bidsVoided');

    const response = await fetch(`${nodes[1]!.url}/v1/admin/listings/active/${listingId}/void-bids`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-admin', 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [shillId], reason: 'Shill' }),
    });
    expect(response.status).toBe(200);
    const standing = { listingId, leaderId: honestId, currentBid: 1, bidCount: 1 };
    expect(await heardByAdmin).toEqual(standing);
    expect(await heardInRoom).toEqual(standing);
  });
});
