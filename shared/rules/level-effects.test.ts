import { describe, expect, it } from 'vitest';
import { changedLevels, DEFAULT_LEVEL_EFFECTS, editedEffects, mayListAnother } from './level-effects.js';

describe('mayListAnother', () => {
  it.each([
    [0, 20, true],
    [19, 20, true],
    [20, 20, false],
    [25, 20, false],
    [1, 1, false],
    [0, 1, true],
    [10_000, null, true],
  ])('%i live listings under a cap of %s: may list another %s', (active, cap, may) => {
    expect(mayListAnother(active, cap)).toBe(may);
  });
});

describe('editedEffects and changedLevels', () => {
  it('changes only the levels the edit names', () => {
    const next = editedEffects(DEFAULT_LEVEL_EFFECTS, { belowStandard: { payoutHoldDays: 3, activeListingCap: 20 } });
    expect(next).toEqual({ ...DEFAULT_LEVEL_EFFECTS, belowStandard: { payoutHoldDays: 3, activeListingCap: 20 } });
    expect(changedLevels(DEFAULT_LEVEL_EFFECTS, next)).toEqual([
      { level: 'belowStandard', holdDaysBy: -4, capChanged: false },
    ]);
  });
  it.each([
    [{ new: { payoutHoldDays: 3, activeListingCap: 50 } }, []],
    [{ top: { payoutHoldDays: 2, activeListingCap: null } }, [{ level: 'top', holdDaysBy: 2, capChanged: false }]],
    [
      { standard: { payoutHoldDays: 0, activeListingCap: 500 } },
      [{ level: 'standard', holdDaysBy: 0, capChanged: true }],
    ],
    [{ new: { payoutHoldDays: 5, activeListingCap: null } }, [{ level: 'new', holdDaysBy: 2, capChanged: true }]],
  ] as const)('edit %j changes %j', (edit, changes) => {
    expect(changedLevels(DEFAULT_LEVEL_EFFECTS, editedEffects(DEFAULT_LEVEL_EFFECTS, edit))).toEqual(changes);
  });
});
