// The calibrated shill score on rows of the Shill Bidding Dataset (Alzahrani & Sadaoui, UCI Machine
// Learning Repository, CC BY 4.0; Record_IDs below), each column mapped to the feature of its name
// as scripts/calibrate-integrity-score.ts maps them, plus the threshold's boundary, the levels'
// interpolation, monotonicity and bad input.
import { describe, expect, it } from 'vitest';
import {
  INTEGRITY_FEATURES,
  INTEGRITY_LEVELS,
  INTEGRITY_THRESHOLD,
  scoreIntegrityFeatures,
  type IntegrityFeatures,
} from './integrity-score.js';

/** In the data set's column order: Bidder_Tendency, Bidding_Ratio, Successive_Outbidding, Last_Bidding, Winning_Ratio, Early_Bidding. */
const features = (
  bidderTendency: number,
  biddingRatio: number,
  successiveOutbidding: number,
  lastMinuteAvoidance: number,
  losingRatio: number,
  earlyBidding: number,
): IntegrityFeatures => ({
  bidderTendency,
  biddingRatio,
  successiveOutbidding,
  lastMinuteAvoidance,
  losingRatio,
  earlyBidding,
});

// [Record_ID, label, features, score (3 decimals), suspicious]
const DATASET_ROWS: [number, 'shill' | 'honest', IntegrityFeatures, number, boolean][] = [
  // Three or more bids in a row from a bidder who rarely wins: clear shills.
  [12, 'shill', features(0.137931, 0.444444, 1, 0.768044, 1, 0.016311), 0.988, true],
  [13, 'shill', features(0.121951, 0.185185, 1, 0.035021, 0.944444, 0.023963), 0.977, true],
  [37, 'shill', features(0.6, 0.5625, 1, 0.457631, 0.6, 0.457474), 0.949, true],
  // Three in a row from a bidder who won every auction they joined: not flagged.
  [12603, 'honest', features(0.266667, 0.363636, 1, 0.000123, 0, 0.000004), 0.576, false],
  // Never outbid themselves: clear honest bidders, however often they lose.
  [1, 'honest', features(0.2, 0.4, 0, 0.000028, 0.666667, 0.000028), 0, false],
  [2, 'honest', features(0.02439, 0.2, 0, 0.013123, 0.944444, 0.013123), 0, false],
  [3, 'honest', features(0.142857, 0.2, 0, 0.003042, 1, 0.003042), 0, false],
  // Two bids in a row is where the six features run out (59 % of such rows are shills): the score
  // catches this shill who never wins and clears this bidder who always does...
  [114, 'shill', features(0.571429, 0.666667, 0.5, 0.001976, 1, 0.001976), 0.676, true],
  [73, 'honest', features(1, 0.6, 0.5, 0.000201, 0, 0.000049), 0.186, false],
  // ...but misses this shill and flags this honest bidder.
  [27, 'shill', features(0.155172, 0.346154, 0.5, 0.570994, 0.611111, 0.413788), 0.509, false],
  [314, 'honest', features(0.085714, 0.230769, 0.5, 0.6688, 1, 0.668765), 0.771, true],
];

const logit = (score: number) => Math.log(score / (1 - score));

describe('scoreIntegrityFeatures', () => {
  it.each(DATASET_ROWS)('data set row %i (%s)', (_id, _label, row, score, suspicious) => {
    const result = scoreIntegrityFeatures(row);
    expect(result.score).toBeCloseTo(score, 3);
    expect(result.suspicious).toBe(suspicious);
  });

  it('is suspicious from the threshold on, not below it', () => {
    // Two bids in a row, joined halfway through; losingRatio decides. Bisect for the boundary.
    const at = (losingRatio: number) => scoreIntegrityFeatures({ ...features(0, 0, 0.5, 0.5, 0, 0.2), losingRatio });
    let [low, high] = [0, 1];
    for (let step = 0; step < 60; step++) {
      const middle = (low + high) / 2;
      if (at(middle).score < INTEGRITY_THRESHOLD) low = middle;
      else high = middle;
    }
    expect(high).toBeGreaterThan(0.1);
    expect(high).toBeLessThan(0.9);
    expect(at(high).score).toBeCloseTo(INTEGRITY_THRESHOLD, 9);
    expect(at(high).suspicious).toBe(true);
    expect(at(high + 0.001).suspicious).toBe(true);
    expect(at(high - 0.001).suspicious).toBe(false);
  });

  it('scores a level as fitted and interpolates the logit between levels', () => {
    const rest = features(0.3, 0.2, 0, 0.6, 0.8, 0.4);
    const scoreAt = (successiveOutbidding: number) => scoreIntegrityFeatures({ ...rest, successiveOutbidding }).score;
    const half = INTEGRITY_LEVELS[1]!;
    const leftAfterFirstBid = 0.6;
    const levelLogit =
      half.intercept +
      half.weights.bidderTendency * 0.3 +
      half.weights.biddingRatio * 0.2 +
      half.weights.losingRatio * 0.8 +
      half.weights.leftAfterFirstBid * leftAfterFirstBid +
      half.weights.leftAfterLastBid * 0.4 +
      half.weights.losingRatioTimesLeftAfterFirstBid * 0.8 * leftAfterFirstBid;
    expect(logit(scoreAt(0.5))).toBeCloseTo(levelLogit, 9);
    expect(logit(scoreAt(0.25))).toBeCloseTo((logit(scoreAt(0)) + logit(scoreAt(0.5))) / 2, 9);
    expect(logit(scoreAt(0.9))).toBeCloseTo(0.2 * logit(scoreAt(0.5)) + 0.8 * logit(scoreAt(1)), 9);
  });

  it('reads the two timing features the same whichever carries which', () => {
    const row = features(0.3, 0.2, 0.5, 0.1, 0.8, 0.7);
    const swapped = { ...row, lastMinuteAvoidance: row.earlyBidding, earlyBidding: row.lastMinuteAvoidance };
    expect(scoreIntegrityFeatures(swapped).score).toBe(scoreIntegrityFeatures(row).score);
  });

  it('never lowers the score when a feature grows (no negative weight)', () => {
    for (const level of INTEGRITY_LEVELS) {
      for (const weight of Object.values(level.weights)) expect(weight).toBeGreaterThanOrEqual(0);
    }
    for (const successiveOutbidding of [0, 0.25, 0.5, 0.75, 1]) {
      for (const base of [features(0.3, 0.3, 0, 0.3, 0.5, 0.3), features(0.1, 0.6, 0, 0.8, 0, 0.05)]) {
        const at = { ...base, successiveOutbidding };
        for (const feature of INTEGRITY_FEATURES) {
          const higher = scoreIntegrityFeatures({ ...at, [feature]: Math.min(1, at[feature] + 0.2) }).score;
          expect(higher).toBeGreaterThanOrEqual(scoreIntegrityFeatures(at).score);
        }
      }
    }
  });

  it('keeps its score in (0, 1) at the corners', () => {
    expect(scoreIntegrityFeatures(features(0, 0, 0, 0, 0, 0))).toMatchObject({ suspicious: false });
    expect(scoreIntegrityFeatures(features(0, 0, 0, 0, 0, 0)).score).toBeGreaterThan(0);
    expect(scoreIntegrityFeatures(features(1, 1, 1, 1, 1, 1))).toMatchObject({ suspicious: true });
    expect(scoreIntegrityFeatures(features(1, 1, 1, 1, 1, 1)).score).toBeLessThan(1);
  });

  // The feature extraction clamps every feature, so a value outside [0, 1] is a caller's bug.
  it.each([
    ['bidderTendency', -0.01],
    ['losingRatio', 1.01],
    ['successiveOutbidding', Number.NaN],
    ['earlyBidding', Number.POSITIVE_INFINITY],
  ] as const)('rejects %s = %d', (feature, value) => {
    expect(() => scoreIntegrityFeatures({ ...features(0.5, 0.5, 0.5, 0.5, 0.5, 0.5), [feature]: value })).toThrow(
      new RangeError(`${feature} must be in [0, 1], got ${value}`),
    );
  });
});
