// A chargeback's evidence packet, from the facts our records hold (packet.ts reads them): what the
// moderator reviews in the case, and the text Stripe's evidence fields take when it is submitted.
// Pure, so the packet's rules (whose side a message is on, which bids are the buyer's, the IPs and
// devices newest first, what Stripe is told) are one table test.
import type { DisputeEvidence } from '../../../../shared/contract/admin-dispute-routes.js';
import type { DisputeEvidenceSubmission } from '../../payments/index.js';
import { centsToUsd } from '../../../../shared/rules/money.js';

/** What our records hold about a disputed order, as read (dates as Date, money in cents). */
export interface DisputeFacts {
  buyerId: string;
  sellerId: string;
  trackingCode: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  shippingAddress: string | null;
  /** Messages of the chats between buyer and seller, in any order. */
  messages: readonly { at: Date; authorId: string; text: string }[];
  /** The listing's bids, in any order (voided ones included: they are evidence too). */
  bids: readonly { at: Date; amountCents: number; bidderId: string; voided: boolean }[];
  /** The buyer's sign-up and sign-in addresses. */
  ips: readonly { ip: string; at: Date }[];
  /** The buyer's devices. */
  devices: readonly { token: string; lastSeenAt: Date }[];
}

/** At most this many of each list go into the packet (the answer's bound and Stripe's field sizes). */
export const PACKET_LIST_MAX = 200;

const byTime =
  <T>(at: (item: T) => Date, newestFirst = false) =>
  (a: T, b: T) =>
    (at(a).getTime() - at(b).getTime()) * (newestFirst ? -1 : 1);

export function evidencePacketOf(facts: DisputeFacts): DisputeEvidence {
  const parties = new Set([facts.buyerId, facts.sellerId]);
  return {
    deliveryProof: {
      trackingCode: facts.trackingCode,
      shippedAt: facts.shippedAt?.toISOString() ?? null,
      deliveredAt: facts.deliveredAt?.toISOString() ?? null,
      shippingAddress: facts.shippingAddress,
    },
    chatTranscript: facts.messages
      .filter((message) => parties.has(message.authorId))
      .sort(byTime((message) => message.at))
      .slice(-PACKET_LIST_MAX)
      .map((message) => ({
        at: message.at.toISOString(),
        from: message.authorId === facts.buyerId ? ('buyer' as const) : ('seller' as const),
        text: message.text,
      })),
    bidHistory: [...facts.bids]
      .sort(byTime((bid) => bid.at))
      .slice(-PACKET_LIST_MAX)
      .map((bid) => ({
        at: bid.at.toISOString(),
        amount: centsToUsd(bid.amountCents),
        byBuyer: bid.bidderId === facts.buyerId,
        voided: bid.voided,
      })),
    ipAddresses: dedupe([...facts.ips].sort(byTime((ip) => ip.at, true)), (ip) => ip.ip)
      .slice(0, PACKET_LIST_MAX)
      .map((ip) => ({ ip: ip.ip, at: ip.at.toISOString() })),
    deviceTokens: [...facts.devices]
      .sort(byTime((device) => device.lastSeenAt, true))
      .slice(0, PACKET_LIST_MAX)
      .map((device) => ({ token: device.token, lastSeenAt: device.lastSeenAt.toISOString() })),
  };
}

/** The first of each key, in the order given. */
function dedupe<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item)) !== undefined);
}

/** Stripe's text fields hold 20,000 characters; we keep well under. */
const STRIPE_TEXT_MAX = 15_000;
const clip = (text: string) => (text.length > STRIPE_TEXT_MAX ? `${text.slice(0, STRIPE_TEXT_MAX - 1)}…` : text);

/** What the provider is sent: the packet in Stripe's evidence fields, with the moderator's note first. */
export function evidenceSubmissionOf(packet: DisputeEvidence, note: string): DisputeEvidenceSubmission['evidence'] {
  const { deliveryProof } = packet;
  const chat = packet.chatTranscript.map((line) => `[${line.at}] ${line.from}: ${line.text}`);
  const bids = packet.bidHistory.map(
    (bid) => `[${bid.at}] $${bid.amount.toFixed(2)}${bid.byBuyer ? ' (buyer)' : ''}${bid.voided ? ' (voided)' : ''}`,
  );
  const sections = [
    note,
    chat.length > 0 ? `Messages between buyer and seller:\n${chat.join('\n')}` : null,
    bids.length > 0 ? `Bid history:\n${bids.join('\n')}` : null,
  ].filter((section): section is string => section !== null);
  const activity = [
    ...packet.ipAddresses.map((ip) => `[${ip.at}] signed in from ${ip.ip}`),
    ...packet.deviceTokens.map((device) => `[${device.lastSeenAt}] device ${device.token}`),
  ];
  return {
    shippingTrackingNumber: deliveryProof.trackingCode,
    shippingDate: deliveryProof.shippedAt?.slice(0, 10) ?? null,
    shippingAddress: deliveryProof.shippingAddress,
    customerPurchaseIp: packet.ipAddresses[0]?.ip ?? null,
    accessActivityLog: clip(activity.length > 0 ? activity.join('\n') : 'No sign-in activity recorded.'),
    uncategorizedText: clip(sections.join('\n\n')),
  };
}
