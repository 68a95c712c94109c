// The bid benchmark's verdict column: target first met or not, and a drop of more than 25% from
// the previous run's ratio flagged as a regression even when the target is still met.
import { describe, expect, it } from 'vitest';
import { changeText, previousRatioOf, type RatioRow, verdictOf } from './bidding-bench-verdicts.js';

const row = (ratio: number, target: number | null = 1): RatioRow => ({ scenario: 'hot', side: 'http', ratio, target });

describe('bid benchmark verdicts', () => {
  it.each([
    { ratio: 1.2, previous: null, verdict: 'PASS' },
    { ratio: 0.9, previous: null, verdict: 'BELOW TARGET' },
    { ratio: 1.2, previous: 1.3, verdict: 'PASS' },
    { ratio: 1.2, previous: 1.6, verdict: 'PASS' },
    { ratio: 1.19, previous: 1.6, verdict: 'REGRESSION' },
    { ratio: 0.3, previous: 1.66, verdict: 'REGRESSION' },
    { ratio: 0.9, previous: 1.0, verdict: 'BELOW TARGET' },
    { ratio: 2.0, previous: 1.0, verdict: 'PASS' },
  ] as const)('$ratio× (previous: $previous) is $verdict', ({ ratio, previous, verdict }) => {
    expect(verdictOf(row(ratio), previous)).toBe(verdict);
  });

  it('a row without a target is for information, whatever it did', () => {
    expect(verdictOf(row(0.1, null), 2)).toBe('info');
  });

  it('finds the previous ratio of the same scenario and side only', () => {
    const previous = [
      { scenario: 'hot', side: 'service', ratio: 1.5, target: 1 },
      { scenario: 'hot', side: 'http', ratio: 1.1, target: 1 },
    ];
    expect(previousRatioOf(row(1), previous)).toBe(1.1);
    expect(previousRatioOf({ ...row(1), scenario: 'spread' }, previous)).toBeNull();
    expect(previousRatioOf(row(1), null)).toBeNull();
  });

  it('shows the change from the previous ratio', () => {
    expect(changeText(1.2, 1.0)).toBe('+20%');
    expect(changeText(0.75, 1.0)).toBe('-25%');
    expect(changeText(1.0, null)).toBe('—');
  });
});
