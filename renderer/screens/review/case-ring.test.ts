import { describe, expect, it } from 'vitest';
import { ringAccountOf, suspectsOf } from './case-ring.js';

describe("an auction-integrity case's suspects", () => {
  it.each([
    ['no details', null, []],
    ['details without suspects', { score: 1 }, []],
    ['suspects not a list', { suspects: 'ava' }, []],
    [
      'suspects with and without names and scores; junk entries skipped',
      {
        suspects: [
          { bidderId: 'a', bidderName: 'ring_ava', score: 0.91 },
          { bidderId: 'b' },
          null,
          { bidderName: 'x' },
        ],
      },
      [
        { id: 'a', name: 'ring_ava', score: 0.91 },
        { id: 'b', name: null, score: null },
      ],
    ],
  ])('%s', (_, details, suspects) => {
    expect(suspectsOf(details)).toEqual(suspects);
  });

  it("shows the ring of the case's subject user, else of its first suspect", () => {
    const suspects = [{ id: 'a', name: null, score: null }];
    expect(ringAccountOf('s', suspects)).toBe('s');
    expect(ringAccountOf(null, suspects)).toBe('a');
    expect(ringAccountOf(null, [])).toBeNull();
  });
});
