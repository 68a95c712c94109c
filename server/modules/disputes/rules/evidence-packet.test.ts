// The evidence packet, as a table: each row is what our records hold and what the moderator and
// Stripe are shown from it.
import { describe, expect, it } from 'vitest';
import { type DisputeFacts, evidencePacketOf, evidenceSubmissionOf, PACKET_LIST_MAX } from './evidence-packet.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 12, minute));
const iso = (minute: number) => at(minute).toISOString();
const none: DisputeFacts = {
  buyerId: 'buyer',
  sellerId: 'seller',
  trackingCode: null,
  shippedAt: null,
  deliveredAt: null,
  shippingAddress: null,
  messages: [],
  bids: [],
  ips: [],
  devices: [],
};

describe('evidencePacketOf', () => {
  it.each<[string, Partial<DisputeFacts>, (packet: ReturnType<typeof evidencePacketOf>) => unknown, unknown]>([
    [
      'nothing recorded: an empty packet',
      {},
      (p) => p,
      {
        deliveryProof: { trackingCode: null, shippedAt: null, deliveredAt: null, shippingAddress: null },
        chatTranscript: [],
        bidHistory: [],
        ipAddresses: [],
        deviceTokens: [],
      },
    ],
    [
      'a delivered shipment',
      { trackingCode: '1Z999', shippedAt: at(1), deliveredAt: at(50), shippingAddress: '1 Main St, Austin TX 78701' },
      (p) => p.deliveryProof,
      { trackingCode: '1Z999', shippedAt: iso(1), deliveredAt: iso(50), shippingAddress: '1 Main St, Austin TX 78701' },
    ],
    [
      'the chat oldest first, each line on its side; a third party is left out',
      {
        messages: [
          { at: at(3), authorId: 'seller', text: 'Shipped today' },
          { at: at(1), authorId: 'buyer', text: 'When will it ship?' },
          { at: at(2), authorId: 'someone', text: 'not theirs' },
        ],
      },
      (p) => p.chatTranscript,
      [
        { at: iso(1), from: 'buyer', text: 'When will it ship?' },
        { at: iso(3), from: 'seller', text: 'Shipped today' },
      ],
    ],
    [
      'the bids oldest first in dollars, the buyer’s and the voided marked',
      {
        bids: [
          { at: at(5), amountCents: 2550, bidderId: 'buyer', voided: false },
          { at: at(4), amountCents: 2000, bidderId: 'other', voided: true },
        ],
      },
      (p) => p.bidHistory,
      [
        { at: iso(4), amount: 20, byBuyer: false, voided: true },
        { at: iso(5), amount: 25.5, byBuyer: true, voided: false },
      ],
    ],
    [
      'the IPs newest first, each address once (its latest use)',
      {
        ips: [
          { ip: '203.0.113.9', at: at(1) },
          { ip: '198.51.100.7', at: at(9) },
          { ip: '203.0.113.9', at: at(7) },
        ],
      },
      (p) => p.ipAddresses,
      [
        { ip: '198.51.100.7', at: iso(9) },
        { ip: '203.0.113.9', at: iso(7) },
      ],
    ],
    [
      'the devices most recently seen first',
      {
        devices: [
          { token: 'dev-a', lastSeenAt: at(1) },
          { token: 'dev-b', lastSeenAt: at(8) },
        ],
      },
      (p) => p.deviceTokens.map((d) => d.token),
      ['dev-b', 'dev-a'],
    ],
    [
      'a long chat keeps its latest messages, within the bound',
      {
        messages: Array.from({ length: PACKET_LIST_MAX + 5 }, (_, i) => ({
          at: new Date(at(0).getTime() + i * 1000),
          authorId: 'buyer',
          text: `m${i}`,
        })),
      },
      (p) => [p.chatTranscript.length, p.chatTranscript[0]!.text],
      [PACKET_LIST_MAX, 'm5'],
    ],
  ])('%s', (_name, facts, pick, expected) => {
    expect(pick(evidencePacketOf({ ...none, ...facts }))).toEqual(expected);
  });
});

describe('evidenceSubmissionOf', () => {
  const packet = evidencePacketOf({
    ...none,
    trackingCode: '1Z999',
    shippedAt: at(1),
    shippingAddress: '1 Main St',
    messages: [{ at: at(2), authorId: 'buyer', text: 'Got it, thanks' }],
    bids: [{ at: at(0), amountCents: 1000, bidderId: 'buyer', voided: false }],
    ips: [{ ip: '203.0.113.9', at: at(3) }],
    devices: [{ token: 'dev-a', lastSeenAt: at(4) }],
  });

  it.each<[string, (s: ReturnType<typeof evidenceSubmissionOf>) => unknown, unknown]>([
    [
      'the tracking number and the shipping day',
      (s) => [s.shippingTrackingNumber, s.shippingDate],
      ['1Z999', '2026-11-02'],
    ],
    ['the latest IP as the purchase IP', (s) => s.customerPurchaseIp, '203.0.113.9'],
    [
      'IPs and devices as the access log',
      (s) => s.accessActivityLog,
      `[${iso(3)}] signed in from 203.0.113.9\n[${iso(4)}] device dev-a`,
    ],
    [
      'the note first, then the chat and the bids',
      (s) => s.uncategorizedText,
      `Buyer confirmed receipt.\n\nMessages between buyer and seller:\n[${iso(2)}] buyer: Got it, thanks\n\nBid history:\n[${iso(0)}] $10.00 (buyer)`,
    ],
  ])('sends %s', (_name, pick, expected) => {
    expect(pick(evidenceSubmissionOf(packet, 'Buyer confirmed receipt.'))).toEqual(expected);
  });

  it('says so when there is no activity, and sends no empty shipping fields', () => {
    const bare = evidenceSubmissionOf(evidencePacketOf(none), 'Note');
    expect(bare).toEqual({
      shippingTrackingNumber: null,
      shippingDate: null,
      shippingAddress: null,
      customerPurchaseIp: null,
      accessActivityLog: 'No sign-in activity recorded.',
      uncategorizedText: 'Note',
    });
  });
});
