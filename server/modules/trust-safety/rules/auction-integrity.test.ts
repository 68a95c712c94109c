// The shill-scoring rule on generated auctions: a seeded random market of honest bidders, with and
// without a ring of shills that serve one seller (bid early and often, outbid themselves, stop
// before the end, rarely win). The ring must be caught and honest bidders must not be.
import { describe, expect, it } from 'vitest';
import { scoreBidders, type AuctionUnderReview, type BidderHistory, type LadderEntry } from './auction-integrity.js';

/** A small deterministic PRNG (mulberry32), so every run generates the same market. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const SELLERS = ['s0', 's1', 's2', 's3', 's4', 's5'];
const HONEST = Array.from({ length: 40 }, (_, i) => `h${i}`);
const RING = ['shill0', 'shill1', 'shill2'];
const RING_SELLER = 's0';

interface Market {
  auctions: (AuctionUnderReview & { id: string; winner: string })[];
  histories: Map<string, BidderHistory>;
}

function generateMarket(seed: number, withRing: boolean): Market {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const auctions: Market['auctions'] = [];
  for (let i = 0; i < 120; i++) {
    const sellerId = pick(SELLERS);
    const startAt = i * 10 * HOUR;
    const endAt = startAt + 7 * 24 * HOUR;
    const bids: LadderEntry[] = [];
    const honest = Array.from({ length: 2 + Math.floor(next() * 4) }, () => pick(HONEST));
    // Honest bidders come late: most bids in the last day, a few sniping in the last minutes.
    for (const bidderId of honest) {
      const count = 1 + Math.floor(next() * 3);
      for (let b = 0; b < count; b++) bids.push({ bidderId, at: endAt - next() * 30 * HOUR });
    }
    if (withRing && sellerId === RING_SELLER) {
      // The ring opens the bidding, pushes it in runs, and stops a day or more before the end.
      for (const shill of RING.filter(() => next() < 0.8)) {
        const first = startAt + next() * 6 * HOUR;
        const run = 3 + Math.floor(next() * 3);
        for (let b = 0; b < run; b++) bids.push({ bidderId: shill, at: first + b * 60_000 });
        bids.push({ bidderId: shill, at: startAt + (2 + next() * 2) * 24 * HOUR });
      }
    }
    bids.sort((a, b) => a.at - b.at);
    // An honest bidder does not bid again while leading: a run of bids in a row is what the
    // calibration data finds most telling of shills (of bidders with three or more, 96 % were).
    for (let b = bids.length - 1; b > 0; b--) {
      if (HONEST.includes(bids[b]!.bidderId) && bids[b]!.bidderId === bids[b - 1]!.bidderId) bids.splice(b, 1);
    }
    const winner = bids[bids.length - 1]!.bidderId;
    auctions.push({ id: `a${i}`, sellerId, startAt, endAt, bids, winner });
  }
  const histories = new Map<string, BidderHistory>();
  for (const bidderId of [...HONEST, ...RING]) {
    const joined = auctions.filter((a) => a.bids.some((b) => b.bidderId === bidderId));
    histories.set(bidderId, {
      joined: joined.length,
      joinedOfSeller: 0,
      won: joined.filter((a) => a.winner === bidderId).length,
    });
  }
  return { auctions, histories };
}

/** Each scored (auction, bidder) pair, with the bidder's tendency toward that auction's seller. */
function scoreMarket(market: Market) {
  return market.auctions.flatMap((auction) => {
    const histories = new Map<string, BidderHistory>();
    for (const [bidderId, history] of market.histories) {
      const ofSeller = market.auctions.filter(
        (a) => a.sellerId === auction.sellerId && a.bids.some((b) => b.bidderId === bidderId),
      ).length;
      histories.set(bidderId, { ...history, joinedOfSeller: ofSeller });
    }
    return scoreBidders(auction, histories).map((score) => ({ ...score, auction: auction.id }));
  });
}

describe('auction integrity', () => {
  it('without a ring: no honest bidder goes over the threshold', () => {
    const flagged = scoreMarket(generateMarket(7, false)).filter((s) => s.suspicious);
    console.log(`auction integrity, honest market: ${flagged.length} bidder-auction pairs flagged`);
    expect(flagged).toEqual([]);
  });

  it('with a ring: every shill is flagged on the ring seller, honest bidders are not', () => {
    const scored = scoreMarket(generateMarket(7, true));
    const shills = scored.filter((s) => RING.includes(s.bidderId));
    const honest = scored.filter((s) => !RING.includes(s.bidderId));
    const caught = shills.filter((s) => s.suspicious).length;
    const falseAlarms = honest.filter((s) => s.suspicious).length;
    const top = shills.reduce((max, s) => Math.max(max, s.score), 0);
    const honestTop = honest.reduce((max, s) => Math.max(max, s.score), 0);
    console.log(
      `auction integrity, ring market: ${caught}/${shills.length} shill pairs caught, ${falseAlarms}/${honest.length} ` +
        `honest pairs flagged; highest shill ${top}, highest honest ${honestTop}`,
    );
    expect(shills.length).toBeGreaterThan(10);
    expect(caught / shills.length).toBeGreaterThanOrEqual(0.9);
    expect(falseAlarms).toBe(0);
    expect(new Set(shills.filter((s) => s.suspicious).map((s) => s.bidderId))).toEqual(new Set(RING));
  });

  it('a hard link flags a bidder whatever the behaviour, and a single bid alone is not scored', () => {
    const auction: AuctionUnderReview = {
      sellerId: 's',
      startAt: 0,
      endAt: 100,
      bids: [
        { bidderId: 'linked', at: 95 },
        { bidderId: 'once', at: 96 },
        { bidderId: 'twice', at: 97 },
        { bidderId: 'twice', at: 99 },
      ],
    };
    const scores = scoreBidders(
      auction,
      new Map([['twice', { joined: 10, joinedOfSeller: 1, won: 5 }]]),
      new Map([['linked', ['phone'] as const]]),
    );
    expect(scores.map((s) => s.bidderId)).toEqual(['linked', 'twice']);
    expect(scores[0]).toMatchObject({ links: ['phone'], suspicious: true });
    expect(scores[1]!.suspicious).toBe(false);
  });

  it('table: each feature on a hand-made ladder', () => {
    const [score] = scoreBidders(
      {
        sellerId: 's',
        startAt: 0,
        endAt: 1000,
        bids: [
          { bidderId: 'x', at: 0 },
          { bidderId: 'x', at: 100 },
          { bidderId: 'y', at: 900 },
          { bidderId: 'x', at: 500 },
        ].sort((a, b) => a.at - b.at),
      },
      new Map([['x', { joined: 4, joinedOfSeller: 2, won: 1 }]]),
    );
    expect(score!.features).toEqual({
      bidderTendency: 0.5,
      biddingRatio: 0.75,
      successiveOutbidding: 1,
      // x came in at the start (the whole auction left) and last bid halfway through.
      lastMinuteAvoidance: 1,
      losingRatio: 0.75,
      earlyBidding: 0.5,
    });
  });
});
