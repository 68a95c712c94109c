// Calibrates the auction-integrity score (server/modules/trust-safety/rules/integrity-score.ts) on
// the labelled Shill Bidding Dataset of Alzahrani & Sadaoui (UCI, CC BY 4.0; 6,321 bidder-auction
// rows of eBay auctions, Class 1 = shill), which is kept outside the repo:
//   npx tsx scripts/calibrate-integrity-score.ts path/to/Shill\ Bidding\ Dataset.csv
// It maps each column to the feature of its name, compares model families by stratified 5-fold
// cross-validation (repeated over five seeds), fits the chosen family on every row, prints its
// constants, threshold and precision and recall, and checks them against the committed rule
// (exit code 1 when they differ). Deterministic: the same file gives the same constants.
import { readFileSync } from 'node:fs';
import {
  INTEGRITY_FEATURES,
  INTEGRITY_LEVEL_TERMS,
  INTEGRITY_LEVELS,
  INTEGRITY_THRESHOLD,
  integrityLevelShares,
  integrityLevelTerms,
  scoreIntegrityFeatures,
  type IntegrityFeature,
  type IntegrityFeatures,
  type IntegrityLevelTerm,
} from '../server/modules/trust-safety/rules/integrity-score.js';

const SEEDS = [22, 23, 24, 25, 26];
const FOLDS = 5;
/** A little ridge on the weights (not the intercepts), so a near-separable term stays finite. */
const RIDGE = 1;

interface Row {
  features: IntegrityFeatures;
  shill: boolean;
}

/**
 * Each feature from the column of its name; Winning_Ratio is scored the paper's way, high for a
 * bidder who joins but hardly wins, so it is our losingRatio. The two timing columns hold the
 * share of the auction LEFT after a bid, Last_Bidding after the bidder's first bid and
 * Early_Bidding after their last (ARCHITECTURE.md gives the evidence); rules/auction-integrity.ts
 * computes lastMinuteAvoidance and earlyBidding the same way. `crossed` swaps the two, to show
 * what a checker mapping them the other way would measure.
 */
const BY_NAME: Record<IntegrityFeature, string> = {
  bidderTendency: 'Bidder_Tendency',
  biddingRatio: 'Bidding_Ratio',
  successiveOutbidding: 'Successive_Outbidding',
  lastMinuteAvoidance: 'Last_Bidding',
  losingRatio: 'Winning_Ratio',
  earlyBidding: 'Early_Bidding',
};
const CROSSED = { ...BY_NAME, lastMinuteAvoidance: 'Early_Bidding', earlyBidding: 'Last_Bidding' };

function readRows(path: string, columns: Record<IntegrityFeature, string>): Row[] {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const names = header!.split(',').map((name) => name.trim());
  return lines.map((line) => {
    const cells = line.split(',');
    const value = (column: string) => {
      const parsed = Number(cells[names.indexOf(column)]);
      if (!Number.isFinite(parsed)) throw new Error(`${column} is not a number in: ${line}`);
      return parsed;
    };
    const features = Object.fromEntries(
      INTEGRITY_FEATURES.map((feature) => [feature, value(columns[feature])]),
    ) as Record<IntegrityFeature, number>;
    return { features, shill: value('Class') === 1 };
  });
}

/** A model family: the terms of its logit; `free` are the intercepts (no ridge, any sign). */
interface Family {
  name: string;
  terms: string[];
  free: ReadonlySet<number>;
  vector: (features: IntegrityFeatures) => number[];
}

/** The previous rule's family: one logistic of the six features and successiveOutbidding × losingRatio. */
const ONE_LOGISTIC: Family = {
  name: 'one logistic: the six features + successiveOutbidding × losingRatio',
  terms: ['intercept', ...INTEGRITY_FEATURES, 'successiveOutbidding × losingRatio'],
  free: new Set([0]),
  vector: (f) => [1, ...INTEGRITY_FEATURES.map((feature) => f[feature]), f.successiveOutbidding * f.losingRatio],
};

/** One logistic per level of successiveOutbidding over `terms`, interpolated between levels. */
function perLevel(name: string, terms: readonly IntegrityLevelTerm[]): Family {
  const width = terms.length + 1;
  return {
    name,
    terms: INTEGRITY_LEVELS.flatMap((level) =>
      ['intercept', ...terms].map((term) => `${term} @ ${level.successiveOutbidding}`),
    ),
    free: new Set(INTEGRITY_LEVELS.map((_, i) => i * width)),
    vector: (f) => {
      const values = integrityLevelTerms(f);
      return integrityLevelShares(f.successiveOutbidding).flatMap((share) => [
        share,
        ...terms.map((term) => share * values[term]),
      ]);
    },
  };
}

const SHIPPED = perLevel(
  'per level: the five other features + losingRatio × left after the first bid',
  INTEGRITY_LEVEL_TERMS,
);
const FAMILIES = [
  ONE_LOGISTIC,
  perLevel('per level: the five other features', INTEGRITY_LEVEL_TERMS.slice(0, 5)),
  SHIPPED,
];

/** Solves a·x = b (a small symmetric positive-definite system) by Gaussian elimination. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((line, i) => [...line, b[i]!]);
  for (let col = 0; col < n; col++) {
    const pivot = m
      .slice(col)
      .reduce((best, line, i) => (Math.abs(line[col]!) > Math.abs(m[best]![col]!) ? col + i : best), col);
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const factor = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A design row kept sparse: a row of one level touches only that level's terms. */
interface Point {
  at: number[];
  values: number[];
  shill: boolean;
}

function pointsOf(rows: readonly Row[], family: Family): Point[] {
  return rows.map((row) => {
    const x = family.vector(row.features);
    const at = x.flatMap((value, i) => (value === 0 ? [] : [i]));
    return { at, values: at.map((i) => x[i]!), shill: row.shill };
  });
}

/**
 * Logistic regression by Newton's method (iteratively reweighted least squares), ridge on the
 * weights, over the active terms (the others stay 0), from `start`.
 */
function fitActive(points: readonly Point[], family: Family, active: boolean[], start: number[]): number[] {
  let beta = start.map((b, i) => (active[i] ? b : 0));
  const ridge = (i: number) => (active[i] && !family.free.has(i) ? RIDGE : 0);
  for (let iteration = 0; iteration < 100; iteration++) {
    const gradient = beta.map((b, i) => ridge(i) * b);
    const hessian = beta.map((_, i) => beta.map((_, j) => (i !== j ? 0 : active[i] ? ridge(i) : 1)));
    for (const point of points) {
      let z = 0;
      point.at.forEach((i, k) => (z += beta[i]! * point.values[k]!));
      const p = sigmoid(z);
      const residual = p - (point.shill ? 1 : 0);
      point.at.forEach((i, k) => {
        if (!active[i]) return;
        gradient[i]! += residual * point.values[k]!;
        point.at.forEach((j, l) => {
          if (active[j]) hessian[i]![j]! += p * (1 - p) * point.values[k]! * point.values[l]!;
        });
      });
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, i) => b - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return beta;
}

/**
 * Every feature is "higher = more shill-like", so no weight may be negative: the most negative
 * weight is dropped (held at 0) and the rest refitted, until none is. Rounded to 3 decimals, as
 * the rule holds them.
 */
function fitWeights(points: readonly Point[], family: Family): number[] {
  const active = family.terms.map(() => true);
  let beta = family.terms.map(() => 0);
  for (;;) {
    beta = fitActive(points, family, active, beta);
    const negative = beta.flatMap((b, i) => (active[i] && !family.free.has(i) && b < 0 ? [i] : []));
    if (negative.length === 0) return beta.map((b) => Math.round(b * 1000) / 1000);
    active[negative.reduce((a, b) => (beta[b]! < beta[a]! ? b : a))] = false;
  }
}

interface Counts {
  precision: number;
  recall: number;
  flagged: number;
  shills: number;
}

function measure(rows: readonly { shill: boolean }[], flags: (index: number) => boolean): Counts {
  let truePositives = 0;
  let flagged = 0;
  let shills = 0;
  rows.forEach((row, i) => {
    const flag = flags(i);
    if (flag) flagged++;
    if (row.shill) shills++;
    if (flag && row.shill) truePositives++;
  });
  return { precision: flagged ? truePositives / flagged : 1, recall: truePositives / shills, flagged, shills };
}

/** The threshold (a score rounded to 3 decimals) with the best min(precision, recall), then F1. */
function chooseThreshold(scores: readonly number[], points: readonly Point[]): number {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  const candidates = [...new Set(scores.map((s) => Math.round(s * 1000) / 1000))].sort((a, b) => b - a);
  const shills = points.filter((point) => point.shill).length;
  let best = { threshold: 0.5, worst: -1, f1: -1 };
  let flagged = 0;
  let caught = 0;
  for (const threshold of candidates) {
    while (flagged < order.length && scores[order[flagged]!]! >= threshold) {
      if (points[order[flagged]!]!.shill) caught++;
      flagged++;
    }
    const precision = flagged ? caught / flagged : 1;
    const recall = caught / shills;
    const worst = Math.min(precision, recall);
    const f1 = (2 * precision * recall) / (precision + recall || 1);
    if (worst > best.worst || (worst === best.worst && f1 > best.f1)) best = { threshold, worst, f1 };
  }
  return best.threshold;
}

interface Model {
  beta: number[];
  threshold: number;
}

const scoresOf = (beta: readonly number[], points: readonly Point[]) =>
  points.map((point) => sigmoid(point.at.reduce((sum, i, k) => sum + beta[i]! * point.values[k]!, 0)));

function fitModel(points: readonly Point[], family: Family): Model {
  const beta = fitWeights(points, family);
  return { beta, threshold: chooseThreshold(scoresOf(beta, points), points) };
}

/** mulberry32: the same folds on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each class shuffled and dealt round the folds, so every fold keeps the data set's shill share. */
function stratifiedFolds<T extends { shill: boolean }>(rows: readonly T[], folds: number, seed: number): T[][] {
  const next = random(seed);
  const dealt: T[][] = Array.from({ length: folds }, () => []);
  for (const shill of [true, false]) {
    const members = rows.filter((row) => row.shill === shill);
    for (let i = members.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [members[i], members[j]] = [members[j]!, members[i]!];
    }
    members.forEach((row, i) => dealt[i % folds]!.push(row));
  }
  return dealt;
}

/** Held-out precision and recall of the family's whole method (fit, round, threshold) per fold. */
function crossValidate(points: readonly Point[], family: Family): Counts[] {
  return SEEDS.flatMap((seed) => {
    const folds = stratifiedFolds(points, FOLDS, seed);
    return folds.map((held, k) => {
      const model = fitModel(folds.filter((_, j) => j !== k).flat(), family);
      const scores = scoresOf(model.beta, held);
      return measure(held, (i) => scores[i]! >= model.threshold);
    });
  });
}

const pct = (value: number) => value.toFixed(4);
const line = (label: string, counts: Counts) =>
  `${label.padEnd(40)} precision ${pct(counts.precision)}  recall ${pct(counts.recall)}  (${counts.flagged} flagged, ${counts.shills} shills)`;

const path = process.argv[2];
if (!path) {
  console.error('usage: npx tsx scripts/calibrate-integrity-score.ts <shill-bidding.csv>');
  process.exit(2);
}
const rows = readRows(path, BY_NAME);
const shillCount = rows.filter((row) => row.shill).length;
console.log(`${rows.length} rows, ${shillCount} shill (${pct(shillCount / rows.length)}); columns mapped by name`);
console.log('class means per feature (honest / shill):');
for (const feature of INTEGRITY_FEATURES) {
  const mean = (shill: boolean) => {
    const members = rows.filter((row) => row.shill === shill);
    return members.reduce((sum, row) => sum + row.features[feature], 0) / members.length;
  };
  console.log(`  ${feature.padEnd(22)} ${mean(false).toFixed(3)} / ${mean(true).toFixed(3)}`);
}

console.log(`\nmodel selection: stratified ${FOLDS}-fold cross-validation, seeds ${SEEDS.join(', ')} (held-out folds)`);
for (const family of FAMILIES) {
  const perFold = crossValidate(pointsOf(rows, family), family);
  const mean = (pick: (counts: Counts) => number) => perFold.reduce((sum, c) => sum + pick(c), 0) / perFold.length;
  const lowest = (pick: (counts: Counts) => number) => Math.min(...perFold.map(pick));
  console.log(
    `  ${family.name}\n    precision mean ${pct(mean((c) => c.precision))} (lowest ${pct(lowest((c) => c.precision))}), ` +
      `recall mean ${pct(mean((c) => c.recall))} (lowest ${pct(lowest((c) => c.recall))})`,
  );
}

const points = pointsOf(rows, SHIPPED);
const model = fitModel(points, SHIPPED);
console.log(`\nshipped family fitted on all ${rows.length} rows: ${SHIPPED.name}`);
SHIPPED.terms.forEach((term, i) => console.log(`  ${term.padEnd(48)} ${model.beta[i]}`));
console.log(`  threshold ${model.threshold} (the best min(precision, recall) on all rows)`);
const fittedScores = scoresOf(model.beta, points);
const fitted = measure(rows, (i) => fittedScores[i]! >= model.threshold);
console.log(line('  whole set', fitted));

const committedBeta = INTEGRITY_LEVELS.flatMap((level) => [
  level.intercept,
  ...INTEGRITY_LEVEL_TERMS.map((term) => level.weights[term]),
]);
const matches =
  committedBeta.length === model.beta.length &&
  committedBeta.every((b, i) => b === model.beta[i]) &&
  INTEGRITY_THRESHOLD === model.threshold;
console.log(
  `\nthe committed rule (rules/integrity-score.ts) ${matches ? 'matches this fit' : 'DIFFERS from this fit'}:`,
);
const committed = (data: readonly Row[]) => measure(data, (i) => scoreIntegrityFeatures(data[i]!.features).suspicious);
console.log(line('  whole set, columns by name', committed(rows)));
console.log(line('  whole set, timing columns crossed', committed(readRows(path, CROSSED))));
if (!matches) process.exitCode = 1;
