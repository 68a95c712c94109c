// The calibrated shill score on rows of the Shill Bidding Dataset (Alzahrani & Sadaoui, UCI Machine
// Learning Repository, CC BY 4.0; Record_IDs below), mapped to our features as
// scripts/calibrate-integrity-score.ts maps them, plus the threshold's boundary and bad input.
import { describe, expect, it } from 'vitest';
import {
  INTEGRITY_FEATURES,
  INTEGRITY_INTERCEPT,
  INTEGRITY_OUTBIDDING_LOSING_WEIGHT,
  INTEGRITY_THRESHOLD,
  INTEGRITY_WEIGHTS,
  scoreIntegrityFeatures,
  type IntegrityFeatures,
} from './integrity-score.js';

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
  [12, 'shill', features(0.137931, 0.444444, 1, 0.016311, 1, 0.768044), 0.998, true],
  [13, 'shill', features(0.121951, 0.185185, 1, 0.023963, 0.944444, 0.035021), 0.996, true],
  [37, 'shill', features(0.6, 0.5625, 1, 0.457474, 0.6, 0.457631), 0.985, true],
  // Never outbid themselves: clear honest bidders, however often they lose.
  [1, 'honest', features(0.2, 0.4, 0, 0.000028, 0.666667, 0.000028), 0.008, false],
  [2, 'honest', features(0.02439, 0.2, 0, 0.013123, 0.944444, 0.013123), 0.009, false],
  [3, 'honest', features(0.142857, 0.2, 0, 0.003042, 1, 0.003042), 0.011, false],
  // Two bids in a row is where the six features run out (59 % of such rows are shills): the score
  // misses this shill and flags this honest bidder.
  [27, 'shill', features(0.155172, 0.346154, 0.5, 0.413788, 0.611111, 0.570994), 0.34, false],
  [314, 'honest', features(0.085714, 0.230769, 0.5, 0.668765, 1, 0.6688), 0.697, true],
];

describe('scoreIntegrityFeatures', () => {
  it.each(DATASET_ROWS)('data set row %i (%s)', (_id, _label, row, score, suspicious) => {
    const result = scoreIntegrityFeatures(row);
    expect(result.score).toBeCloseTo(score, 3);
    expect(result.suspicious).toBe(suspicious);
  });

  it('is suspicious from the threshold on, not below it', () => {
    // Two bids in a row from a bidder who lost 85 % of their auctions; bidderTendency decides.
    const rest = features(0, 0, 0.5, 0, 0.85, 0);
    const logitAtThreshold = Math.log(INTEGRITY_THRESHOLD / (1 - INTEGRITY_THRESHOLD));
    const restLogit =
      INTEGRITY_INTERCEPT +
      INTEGRITY_FEATURES.reduce((sum, feature) => sum + INTEGRITY_WEIGHTS[feature] * rest[feature], 0) +
      INTEGRITY_OUTBIDDING_LOSING_WEIGHT * rest.successiveOutbidding * rest.losingRatio;
    const boundary = (logitAtThreshold - restLogit) / INTEGRITY_WEIGHTS.bidderTendency;
    expect(boundary).toBeGreaterThan(0.1);
    expect(boundary).toBeLessThan(0.9);
    expect(scoreIntegrityFeatures({ ...rest, bidderTendency: boundary }).score).toBeCloseTo(INTEGRITY_THRESHOLD, 9);
    expect(scoreIntegrityFeatures({ ...rest, bidderTendency: boundary + 0.001 }).suspicious).toBe(true);
    expect(scoreIntegrityFeatures({ ...rest, bidderTendency: boundary - 0.001 }).suspicious).toBe(false);
  });

  it('never lowers the score when a feature grows (no negative weight)', () => {
    const base = features(0.3, 0.3, 0.5, 0.3, 0.5, 0.3);
    for (const feature of INTEGRITY_FEATURES) {
      expect(INTEGRITY_WEIGHTS[feature]).toBeGreaterThanOrEqual(0);
      const higher = scoreIntegrityFeatures({ ...base, [feature]: 0.9 }).score;
      expect(higher).toBeGreaterThanOrEqual(scoreIntegrityFeatures(base).score);
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
