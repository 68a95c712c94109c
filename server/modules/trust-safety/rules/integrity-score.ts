// The auction-integrity score: how much one bidder's behaviour in one auction looks like shill
// bidding, as a small per-level logistic fitted on labelled data (rules/auction-integrity.ts
// extracts the six features from the bid ladder and the bidder's history).
//
// What the features mean depends most on successiveOutbidding, the run of bids in a row: in the
// labelled data, 2 of 5,478 bidders with no run are shills, 222 of 374 with a run of two, 451 of
// 469 with three or more. So each level (0, ½, 1) has its own logistic over the other features
// and one interaction (losingRatio × the share left after the first bid: rarely winning and
// joining long before the end); between levels the logit is interpolated linearly, so any value
// in [0, 1] scores, and the levels score exactly as fitted.
//
// Calibration (`npx tsx scripts/calibrate-integrity-score.ts <csv>` prints all of this and checks
// the constants below against its fit): the Shill Bidding Dataset of Alzahrani & Sadaoui (UCI
// Machine Learning Repository, CC BY 4.0), 6,321 bidder-auction rows of scraped eBay auctions, 675
// labelled shill, each column mapped to the feature of its name. Logistic regression by Newton's
// method, ridge 1, weights held non-negative (every feature is "higher = more shill-like", so the
// score never falls as one grows; a 0 below is a weight fitted below zero), fitted on every row;
// the threshold is their best min(precision, recall). Measured (precision / recall): whole set
// 0.901 / 0.904; the same method in stratified 5-fold cross-validation over 5 seeds, 0.895 / 0.900
// on held-out rows. The six features sit at the edge of 0.9 (ARCHITECTURE.md).
export const INTEGRITY_FEATURES = [
  'bidderTendency',
  'biddingRatio',
  'successiveOutbidding',
  'lastMinuteAvoidance',
  'losingRatio',
  'earlyBidding',
] as const;
export type IntegrityFeature = (typeof INTEGRITY_FEATURES)[number];
/** Each in [0, 1], higher = more like a shill. */
export type IntegrityFeatures = Readonly<Record<IntegrityFeature, number>>;

/**
 * A level's terms besides its intercept: the features other than the run, the two timing ones read
 * as the share of the auction left after the bidder's first bid (the larger: the first bid is never
 * after the last) and after their last, and one interaction. Taking the larger and the smaller
 * makes the score the same whichever of lastMinuteAvoidance and earlyBidding carries which, a
 * mapping easy to get backwards: the data set's names for them read the opposite way to what its
 * columns hold (ARCHITECTURE.md).
 */
export const INTEGRITY_LEVEL_TERMS = [
  'bidderTendency',
  'biddingRatio',
  'losingRatio',
  'leftAfterFirstBid',
  'leftAfterLastBid',
  'losingRatioTimesLeftAfterFirstBid',
] as const;
export type IntegrityLevelTerm = (typeof INTEGRITY_LEVEL_TERMS)[number];

export interface IntegrityLevel {
  /** The run of bids in a row this level was fitted on: 0 none, 0.5 two, 1 three or more. */
  successiveOutbidding: number;
  intercept: number;
  weights: Readonly<Record<IntegrityLevelTerm, number>>;
}

/** The fitted levels, by successiveOutbidding. */
export const INTEGRITY_LEVELS: readonly IntegrityLevel[] = [
  {
    successiveOutbidding: 0,
    intercept: -8.986,
    weights: {
      bidderTendency: 1.551,
      biddingRatio: 0.179,
      losingRatio: 0.872,
      leftAfterFirstBid: 0.247,
      leftAfterLastBid: 0.335,
      losingRatioTimesLeftAfterFirstBid: 0.735,
    },
  },
  {
    successiveOutbidding: 0.5,
    intercept: -1.855,
    weights: {
      bidderTendency: 0.377,
      biddingRatio: 0,
      losingRatio: 2.371,
      leftAfterFirstBid: 0.159,
      leftAfterLastBid: 0,
      losingRatioTimesLeftAfterFirstBid: 0.836,
    },
  },
  {
    successiveOutbidding: 1,
    intercept: -0.128,
    weights: {
      bidderTendency: 0,
      biddingRatio: 1.189,
      losingRatio: 3.862,
      leftAfterFirstBid: 0,
      leftAfterLastBid: 0,
      losingRatioTimesLeftAfterFirstBid: 0.228,
    },
  },
];
/** A score at or over it is suspicious. */
export const INTEGRITY_THRESHOLD = 0.599;

export interface IntegrityScore {
  /** The logistic of the level's weighted sum (between levels, of the interpolated sums), in (0, 1). */
  score: number;
  suspicious: boolean;
}

/** The value of each level term for these features. */
export function integrityLevelTerms(features: IntegrityFeatures): Record<IntegrityLevelTerm, number> {
  const leftAfterFirstBid = Math.max(features.lastMinuteAvoidance, features.earlyBidding);
  return {
    bidderTendency: features.bidderTendency,
    biddingRatio: features.biddingRatio,
    losingRatio: features.losingRatio,
    leftAfterFirstBid,
    leftAfterLastBid: Math.min(features.lastMinuteAvoidance, features.earlyBidding),
    losingRatioTimesLeftAfterFirstBid: features.losingRatio * leftAfterFirstBid,
  };
}

/**
 * How much each level counts for a run of `successiveOutbidding` (in [0, 1]): all of one level on
 * a level, shared linearly between the two either side in between. The shares sum to 1.
 */
export function integrityLevelShares(successiveOutbidding: number): number[] {
  const shares = INTEGRITY_LEVELS.map(() => 0);
  const upper = INTEGRITY_LEVELS.findIndex((level) => level.successiveOutbidding >= successiveOutbidding);
  const high = INTEGRITY_LEVELS[upper]!.successiveOutbidding;
  if (upper === 0 || high === successiveOutbidding) {
    shares[upper] = 1;
    return shares;
  }
  const low = INTEGRITY_LEVELS[upper - 1]!.successiveOutbidding;
  const toHigh = (successiveOutbidding - low) / (high - low);
  shares[upper - 1] = 1 - toHigh;
  shares[upper] = toHigh;
  return shares;
}

/** Scores one bidder's features; a feature outside [0, 1] (or not a number) is a caller's bug and throws. */
export function scoreIntegrityFeatures(features: IntegrityFeatures): IntegrityScore {
  for (const feature of INTEGRITY_FEATURES) {
    const value = features[feature];
    if (!(value >= 0 && value <= 1)) throw new RangeError(`${feature} must be in [0, 1], got ${value}`);
  }
  const terms = integrityLevelTerms(features);
  const shares = integrityLevelShares(features.successiveOutbidding);
  let logit = 0;
  INTEGRITY_LEVELS.forEach((level, i) => {
    if (shares[i] === 0) return;
    let levelLogit = level.intercept;
    for (const term of INTEGRITY_LEVEL_TERMS) levelLogit += level.weights[term] * terms[term];
    logit += shares[i]! * levelLogit;
  });
  const score = 1 / (1 + Math.exp(-logit));
  return { score, suspicious: score >= INTEGRITY_THRESHOLD };
}
