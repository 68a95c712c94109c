// What the simulator does for the review queue (`npm run simulate`): listing reports, support
// requests, contact-us messages and messages that take a deal off the platform, each opening a case
// on the API; and one shill ring — accounts sharing the seller's address that open the seller's
// auction early and bid in runs — which auction integrity flags.
import { bidIncrementCents } from '../shared/rules/bid-increments.js';
import { centsToUsd, usdToCents } from '../shared/rules/money.js';
import { active, api, chats, listings, pick, type SimUser } from './simulate-client.js';

const REPORT_TYPES = ['nudity', 'harmful', 'scam', 'other'] as const;
const FLAGGED_LINES = [
  'text me 555 two one two 4567',
  'venmo me @simdeals and I ship today',
  'add me on whatsapp, same name',
  'my email is sim dot deals at gmail',
  'cheaper if you pay outside the app',
  'dm me on the gram',
];
const SUPPORT_LINES = ['How do payouts work?', 'I cannot change my address', 'Where is my refund?'];

export async function reportListing(user: SimUser, listingId: string): Promise<void> {
  await api(user, 'POST', '/listing/report', {
    listingId,
    reportType: pick(REPORT_TYPES),
    text: 'Looks suspicious to me',
  });
}

async function postFlagged(user: SimUser, users: SimUser[]): Promise<void> {
  const other = pick(users.filter((candidate) => candidate !== user));
  if (!other) return;
  const key = [user.id, other.id].sort().join(':');
  let chatId = chats.get(key);
  if (!chatId) {
    chatId = (await api<{ id: string }>(user, 'POST', '/chat', { otherUserId: other.id })).id;
    chats.set(key, chatId);
  }
  await api(user, 'POST', '/message', { chatId, message: pick(FLAGGED_LINES) });
}

/** A bid just over the current one, with no room above it: shills push the price step by step. */
async function bidOnce(user: SimUser, listingId: string, startingBid: number | null): Promise<void> {
  const latest = await api<{ currentBid: number | null }>(null, 'GET', `/bid/latest/${listingId}`);
  const cents =
    latest.currentBid === null
      ? usdToCents(startingBid ?? 1)
      : usdToCents(latest.currentBid) + bidIncrementCents(usdToCents(latest.currentBid));
  await api(user, 'POST', '/bid', { listingId, amount: centsToUsd(cents), maxBid: centsToUsd(cents) });
}

/**
 * One shill ring: `ring` take the seller's address as theirs (a hard link) and bid three times in a
 * row each on the seller's newest auction, early in its life.
 */
export async function shillRing(seller: SimUser, ring: SimUser[]): Promise<void> {
  const auction = [...listings.values()].find(
    (listing) => listing.type === 'auction' && listing.sellerId === seller.id,
  );
  if (!auction) return;
  for (const shill of ring) {
    await api(shill, 'POST', '/user/shipping-info', {
      firstName: 'Sim',
      lastName: `User ${seller.index}`,
      addressLineOne: `${100 + seller.index} Market St`,
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
      type: 'DEFAULT',
    });
    for (let run = 0; run < 3; run++) await bidOnce(shill, auction.id, auction.startingBid);
  }
}

export const REVIEW_ACTIONS: [name: string, weight: number, run: (user: SimUser, users: SimUser[]) => Promise<void>][] =
  [
    [
      'report',
      0.5,
      async (user) => {
        const listing = pick([...active('default', user.id), ...active('auction', user.id)]);
        if (listing) await reportListing(user, listing.id);
      },
    ],
    ['flagged-chat', 0.6, postFlagged],
    ['support', 0.3, (user) => api(user, 'POST', '/customer-support', { message: pick(SUPPORT_LINES) })],
    [
      'contact-us',
      0.2,
      (user) =>
        api(null, 'POST', '/setting/contact-us', {
          name: `Sim ${user.index}`,
          email: user.email,
          subject: 'Question',
          message: pick(SUPPORT_LINES),
        }),
    ],
    [
      'flagged-auction-chat',
      0.3,
      async (user) => {
        const listing = pick(active('auction', user.id));
        if (listing) await api(user, 'POST', `/listing/${listing.id}/messages`, { text: pick(FLAGGED_LINES) });
      },
    ],
  ];
