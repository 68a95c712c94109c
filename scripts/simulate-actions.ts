// The simulator's actions (`npm run simulate`), weighted like a live auction night, and how one is
// run and counted. The review-queue actions (reports, support, flagged messages) are in
// simulate-review-actions.ts.
import { bidIncrementCents } from '../shared/rules/bid-increments.js';
import { centsToUsd, usdToCents } from '../shared/rules/money.js';
import {
  active,
  api,
  ApiError,
  blockedBy,
  CHAT_LINES,
  chats,
  listItem,
  listings,
  pick,
  stats,
  type SimUser,
} from './simulate-client.js';
import { REVIEW_ACTIONS } from './simulate-review-actions.js';

export type SimAction = [name: string, weight: number, run: (user: SimUser, users: SimUser[]) => Promise<void>];

/** The actions, weighted: bidding dominates, as on a live auction night. */
export const ACTIONS: SimAction[] = [
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
  ...REVIEW_ACTIONS,
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);

export function pickAction() {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const action of ACTIONS) {
    roll -= action[1];
    if (roll <= 0) return action;
  }
  return ACTIONS[0]!;
}

export function runAction(
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
