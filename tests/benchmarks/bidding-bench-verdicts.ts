// The bid benchmark's verdicts (issue 29): each row's ratio against its target, and against the
// same row of the previous full run (`.data/bench/bids-latest.json`), so a slower bid path is
// flagged the run it lands in, even while its ratio still clears the target. A drop of more than
// REGRESSION_DROP from the previous ratio is a regression; two shared cores move single ratios by
// 10–20% from run to run, so less than that is noise, not a verdict.

/** A ratio this much below the previous run's is a regression. */
export const REGRESSION_DROP = 0.25;

/** The ratio every measured row aims at: ours at least as fast as pgbench running the same statements. */
export const RATIO_TARGET = 1.0;

export type Verdict = 'PASS' | 'BELOW TARGET' | 'REGRESSION' | 'info';

export interface RatioRow {
  scenario: string;
  side: string;
  ratio: number;
  /** Null: a row for information (no target, never a regression). */
  target: number | null;
}

/** The row's verdict: a regression first (it is news), then the target. */
export function verdictOf(row: RatioRow, previousRatio: number | null): Verdict {
  if (row.target === null) return 'info';
  // Exactly REGRESSION_DROP is not more than it, whatever the floating point says.
  if (previousRatio !== null && 1 - row.ratio / previousRatio > REGRESSION_DROP + 1e-9) return 'REGRESSION';
  return row.ratio >= row.target ? 'PASS' : 'BELOW TARGET';
}

/** The previous run's ratio of the same scenario and side, or null. */
export function previousRatioOf(row: RatioRow, previous: readonly RatioRow[] | null): number | null {
  return previous?.find((other) => other.scenario === row.scenario && other.side === row.side)?.ratio ?? null;
}

/** `-12%` style change from the previous ratio, or an em dash. */
export function changeText(ratio: number, previousRatio: number | null): string {
  if (previousRatio === null || previousRatio === 0) return '—';
  const change = Math.round((ratio / previousRatio - 1) * 100);
  return `${change > 0 ? '+' : ''}${change}%`;
}
