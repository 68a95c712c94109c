import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVEL_EFFECTS } from '../../../shared/rules/level-effects.js';
import { draftOf, editOf, previewLines } from './level-effects-draft.js';

describe('draftOf and editOf', () => {
  it('reads the defaults back unchanged (an empty cap is no cap)', () => {
    const draft = draftOf(DEFAULT_LEVEL_EFFECTS);
    expect(draft.standard).toEqual({ payoutHoldDays: '0', activeListingCap: '' });
    expect(editOf(draft)).toEqual({ edit: DEFAULT_LEVEL_EFFECTS });
  });
  it.each([
    ['belowStandard', { payoutHoldDays: '-1', activeListingCap: '20' }, 'Below standard: the payout hold'],
    ['new', { payoutHoldDays: '2.5', activeListingCap: '' }, 'New: the payout hold'],
    ['top', { payoutHoldDays: '61', activeListingCap: '' }, 'Top: the payout hold'],
    ['standard', { payoutHoldDays: '0', activeListingCap: '0' }, 'Standard: the listing cap'],
    ['standard', { payoutHoldDays: '0', activeListingCap: 'ten' }, 'Standard: the listing cap'],
  ] as const)('%s %j is refused: %s…', (level, row, problem) => {
    const result = editOf({ ...draftOf(DEFAULT_LEVEL_EFFECTS), [level]: row });
    expect('problem' in result && result.problem.startsWith(problem)).toBe(true);
  });
  it('takes 60 days and a cap of 1, spaces around', () => {
    const result = editOf({
      ...draftOf(DEFAULT_LEVEL_EFFECTS),
      top: { payoutHoldDays: ' 60 ', activeListingCap: '1' },
    });
    expect(result).toEqual({ edit: { ...DEFAULT_LEVEL_EFFECTS, top: { payoutHoldDays: 60, activeListingCap: 1 } } });
  });
});

describe('previewLines', () => {
  const item = {
    level: 'belowStandard' as const,
    before: { payoutHoldDays: 7, activeListingCap: 20 },
    after: { payoutHoldDays: 3, activeListingCap: 20 },
    sellersWithPendingPayouts: 312,
    pendingPayouts: 540,
    sellersAtCapBefore: 4,
    sellersAtCapAfter: 4,
  };
  it.each([
    [[], ['This change does nothing: every level keeps its effects.']],
    [[item], ["Below standard: payout hold 7 → 3 days moves 312 sellers' payouts (540 pending) 4 days earlier."]],
    [
      [
        {
          ...item,
          level: 'new' as const,
          after: { payoutHoldDays: 8, activeListingCap: null },
          sellersWithPendingPayouts: 1,
          sellersAtCapAfter: 0,
        },
      ],
      [
        "New: payout hold 7 → 8 days moves 1 seller's payouts (540 pending) 1 day later.",
        'New: listing cap 20 → no cap; 0 sellers at or over it could list no more (4 now).',
      ],
    ],
  ] as const)('%j', (items, lines) => {
    expect(previewLines({ items: [...items] })).toEqual(lines);
  });
});
