// Auction integrity: how much a bidder in one auction looks like a shill (bidding to raise the
// seller's price, not to buy). A pure rule over the auction's bid ladder, each bidder's history and
// the hard links between bidder and seller.
//
// Features (each in [0, 1], higher = more like a shill), after the shill-bidding literature
// (Trevathan & Read; Alzahrani & Sadaoui's Shill Bidding Dataset, on which the score is calibrated):
//   bidderTendency        share of the bidder's auctions that are this seller's. Shills serve one seller.
//   biddingRatio          the bidder's share of this auction's bids. Shills bid often to push the price.
//   successiveOutbidding  the bidder's longest run of bids in a row (outbidding themselves), on the
//                         data set's scale: 0 for none, 0.5 for a run of 2, 1 for 3 or more.
//   lastMinuteAvoidance   how long before the end the bidder came in: the share of the auction left
//                         after their FIRST bid, (end − first bid) / duration. Near 0 for a bidder
//                         who joined in the closing minutes (a sniper bids to win, not to inflate).
//   losingRatio           1 − won / joined over the bidder's history (auctions joined ≥ 3; else scaled
//                         by joined/3). Shills rarely win.
//   earlyBidding          how early the bidder's bidding was over: the share of the auction left
//                         after their LAST bid, (end − last bid) / duration. Shills push the price
//                         early and stop before the end so that they do not win.
// The two timing features are defined as the calibration data's columns of the same name hold
// them (Last_Bidding and Early_Bidding: the time left after the first and the last bid; see
// ARCHITECTURE.md), so the fitted weights read what they were fitted on.
// The behaviour score is `scoreIntegrityFeatures` (integrity-score.ts: the fitted weights and
// threshold, and where they came from).
// Hard links (shared address, phone, card fingerprint, payout account or device token between
// bidder and seller) add 0.5 each time a kind is present, capped at 1, and make the bidder a shill
// suspect whatever the behaviour.
// A score at or over the threshold opens an `auctionIntegrity` case. Bidders with fewer than 2 bids
// in the auction are not scored (one bid says nothing about behaviour) unless hard-linked.
import {
  INTEGRITY_THRESHOLD,
  scoreIntegrityFeatures,
  type IntegrityFeature,
  type IntegrityFeatures,
} from './integrity-score.js';

export const HARD_LINK_WEIGHT = 0.5;
export const HARD_LINK_KINDS = ['address', 'phone', 'card', 'payoutAccount', 'deviceToken', 'email'] as const;
export type HardLinkKind = (typeof HARD_LINK_KINDS)[number];

export interface LadderEntry {
  bidderId: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface AuctionUnderReview {
  sellerId: string;
  /** Epoch milliseconds: when bidding opened and when it ends (or ended). */
  startAt: number;
  endAt: number;
  /** Chronological. */
  bids: readonly LadderEntry[];
}

export interface BidderHistory {
  /** Distinct auctions the bidder has bid on (this one included). */
  joined: number;
  /** Of those, the ones this seller runs. */
  joinedOfSeller: number;
  /** Auctions the bidder won. */
  won: number;
}

export interface BidderScore {
  bidderId: string;
  score: number;
  features: Record<IntegrityFeature, number>;
  links: HardLinkKind[];
  suspicious: boolean;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

export function scoreBidders(
  auction: AuctionUnderReview,
  histories: ReadonlyMap<string, BidderHistory>,
  links: ReadonlyMap<string, readonly HardLinkKind[]> = new Map(),
): BidderScore[] {
  const duration = Math.max(1, auction.endAt - auction.startAt);
  const total = auction.bids.length;
  const bidders = [...new Set(auction.bids.map((bid) => bid.bidderId))].filter((id) => id !== auction.sellerId);
  const scores: BidderScore[] = [];
  for (const bidderId of bidders) {
    const own = auction.bids.filter((bid) => bid.bidderId === bidderId);
    const bidderLinks = [...(links.get(bidderId) ?? [])];
    if (own.length < 2 && bidderLinks.length === 0) continue;
    let longestRun = 0;
    let run = 0;
    for (const bid of auction.bids) {
      run = bid.bidderId === bidderId ? run + 1 : 0;
      longestRun = Math.max(longestRun, run);
    }
    const history = histories.get(bidderId) ?? { joined: 1, joinedOfSeller: 1, won: 0 };
    const joined = Math.max(1, history.joined);
    const features: IntegrityFeatures = {
      bidderTendency: clamp(history.joinedOfSeller / joined),
      biddingRatio: clamp(own.length / Math.max(1, total)),
      successiveOutbidding: clamp((longestRun - 1) / 2),
      lastMinuteAvoidance: clamp((auction.endAt - own[0]!.at) / duration),
      losingRatio: clamp((1 - history.won / joined) * Math.min(1, joined / 3)),
      earlyBidding: clamp((auction.endAt - own[own.length - 1]!.at) / duration),
    };
    const behaviour = scoreIntegrityFeatures(features).score;
    const score = clamp(behaviour + HARD_LINK_WEIGHT * bidderLinks.length);
    scores.push({
      bidderId,
      score: round(score),
      features: Object.fromEntries(Object.entries(features).map(([k, v]) => [k, round(v)])) as BidderScore['features'],
      links: bidderLinks,
      suspicious: score >= INTEGRITY_THRESHOLD || bidderLinks.length > 0,
    });
  }
  return scores.sort((a, b) => b.score - a.score);
}
