// The context built for each event kind (DECISIONS "Policy"): what a rule sees, field by field, in
// the CEL types the context declares (counts as ints, money as USD doubles).
import { describe, expect, it } from 'vitest';
import { ACTOR_FIELDS, EVENT_FIELDS } from '../../../../shared/contract/policy.js';
import {
  actorVariable,
  bidVariable,
  emailDomainOf,
  listingVariable,
  messageVariable,
  orderVariable,
  signUpVariable,
  type ActorFacts,
} from './event-context.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-05T12:00:00Z');
const actor: ActorFacts = {
  id: 'u1',
  createdAtMs: NOW - 2.5 * DAY,
  email: 'Ann@Mail.Example.COM',
  sellerEnabled: true,
  ordersAsBuyer: 3,
  ordersAsSeller: 0,
  enforcements: 1,
  ring: ['u1', 's1', 'x9'],
  sellerLevel: 'standard',
};

describe('actor', () => {
  it('has every declared field, counted to the event', () => {
    const variable = actorVariable(actor, NOW);
    expect(Object.keys(variable).sort()).toEqual(Object.keys(ACTOR_FIELDS).sort());
    expect(variable).toEqual({
      id: 'u1',
      ageDays: 2n,
      sellerEnabled: true,
      ordersAsBuyer: 3n,
      ordersAsSeller: 0n,
      enforcements: 1n,
      ringSize: 3n,
      emailDomain: 'mail.example.com',
      sellerLevel: 'standard',
    });
  });
  it.each([
    [[], 1n],
    [['u1'], 1n],
    [['u1', 'u2'], 2n],
  ] as const)('ringSize of %j is %s (1 when unlinked)', (ring, size) => {
    expect(actorVariable({ ...actor, ring }, NOW).ringSize).toBe(size);
  });
  it.each([
    ['a@b.example', 'b.example'],
    ['no-at-sign', ''],
    ['x@Y.ORG', 'y.org'],
  ])('emailDomain of %s is %j', (email, domain) => expect(emailDomainOf(email)).toBe(domain));
});

describe('bid', () => {
  const bid = {
    amountCents: 1250,
    maxCents: 4000,
    listingId: 'l1',
    sellerId: 's1',
    bidsBefore: 4,
    endTimeMs: NOW + 90.5 * 60_000,
    atMs: NOW,
  };
  it('has every declared field', () => {
    const variable = bidVariable(bid, actor);
    expect(Object.keys(variable).sort()).toEqual(Object.keys(EVENT_FIELDS.bid).sort());
    expect(variable).toEqual({
      amount: 12.5,
      maxBid: 40,
      listingId: 'l1',
      sellerId: 's1',
      bidCount: 4n,
      endsInMinutes: 90n,
      sharesRingWithSeller: true,
    });
  });
  it.each([
    ['the seller is in the ring', { sellerId: 's1' }, {}, true],
    ['the seller is not', { sellerId: 's2' }, {}, false],
    ['an unlinked bidder', { sellerId: 's1' }, { ring: [] }, false],
    ['the bidder is the seller', { sellerId: 'u1' }, {}, false],
  ] as const)('sharesRingWithSeller when %s', (_, change, actorChange, expected) => {
    expect(bidVariable({ ...bid, ...change }, { ...actor, ...actorChange }).sharesRingWithSeller).toBe(expected);
  });
  it.each([
    [NOW + 5 * 60_000, 5n],
    [NOW - 60_000, 0n],
    [null, 525_600n],
  ])('endsInMinutes for an end at %s is %s', (endTimeMs, minutes) => {
    expect(bidVariable({ ...bid, endTimeMs }, actor).endsInMinutes).toBe(minutes);
  });
});

describe('message', () => {
  it.each([
    [
      { text: 'Hi', kind: 'chat', listingId: null },
      { text: 'Hi', kind: 'chat', listingId: '' },
    ],
    [
      { text: 'Still there?', kind: 'auction', listingId: 'l1' },
      { text: 'Still there?', kind: 'auction', listingId: 'l1' },
    ],
  ] as const)('%j → %j', (facts, expected) => {
    const variable = messageVariable(facts);
    expect(Object.keys(variable).sort()).toEqual(Object.keys(EVENT_FIELDS.message).sort());
    expect(variable).toEqual(expected);
  });
});

describe('order', () => {
  it.each([
    [
      { totalCents: 4550, listingId: 'l1', sellerId: 's1' },
      { total: 45.5, listingId: 'l1', sellerId: 's1', sharesRingWithSeller: true },
    ],
    [
      { totalCents: 100, listingId: 'l2', sellerId: 's9' },
      { total: 1, listingId: 'l2', sellerId: 's9', sharesRingWithSeller: false },
    ],
  ] as const)('%j → %j', (facts, expected) => {
    const variable = orderVariable(facts, actor);
    expect(Object.keys(variable).sort()).toEqual(Object.keys(EVENT_FIELDS.order).sort());
    expect(variable).toEqual(expected);
  });
});

describe('listing', () => {
  const listing = {
    title: 'Brass lamp',
    description: 'Works',
    listingType: 'auction',
    priceCents: 2599,
    change: 'edited',
    bidsBefore: 3,
  } as const;
  it.each([
    [
      'an auction edited after three bids',
      listing,
      {
        title: 'Brass lamp',
        description: 'Works',
        listingType: 'auction',
        price: 25.99,
        change: 'edited',
        bidCount: 3n,
      },
    ],
    [
      'a sale just created',
      { ...listing, listingType: 'default', priceCents: 0, change: 'created', bidsBefore: 0 },
      { title: 'Brass lamp', description: 'Works', listingType: 'default', price: 0, change: 'created', bidCount: 0n },
    ],
  ] as const)('%s', (_, facts, expected) => {
    const variable = listingVariable(facts);
    expect(Object.keys(variable).sort()).toEqual(Object.keys(EVENT_FIELDS.listing).sort());
    expect(variable).toEqual(expected);
  });
});

describe('signUp', () => {
  it.each([
    ['Ann@Mail.Example.COM', { email: 'Ann@Mail.Example.COM', emailDomain: 'mail.example.com' }],
    ['no-at-sign', { email: 'no-at-sign', emailDomain: '' }],
  ] as const)('%s → %j', (email, expected) => {
    const variable = signUpVariable({ email });
    expect(Object.keys(variable).sort()).toEqual(Object.keys(EVENT_FIELDS.signUp).sort());
    expect(variable).toEqual(expected);
  });
});
