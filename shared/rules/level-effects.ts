// What a seller's level does (DECISIONS "Sellers over time"): how many days a payout waits after
// delivery (on top of the release rule, payout-release.ts) and how many live listings a seller may
// have at once (over the cap, a new listing is 409 `listingCapReached`). The owner edits both per
// level in Settings; these are the bounds an edit must keep and the cap's rule.
import { DEFAULT_LEVEL_EFFECTS, type LevelEffects, SELLER_LEVELS, type SellerLevel } from './seller-level.js';

export { DEFAULT_LEVEL_EFFECTS, type LevelEffects };

/** A hold longer than two months would hold a payout past any dispute or return we could answer. */
export const MAX_PAYOUT_HOLD_DAYS = 60;
export const MAX_ACTIVE_LISTING_CAP = 100_000;

export type LevelEffectsTable = Record<SellerLevel, LevelEffects>;

/**
 * Whether a seller who has `activeListings` live listings may list one more under `cap` (null: no
 * cap). The cap is how many a seller may have at once, so the one that would make cap + 1 is refused.
 */
export function mayListAnother(activeListings: number, cap: number | null): boolean {
  return cap === null || activeListings < cap;
}

/** The refusal's words (409 `listingCapReached`). */
export function listingCapText(cap: number): string {
  return `Your seller level allows ${cap} active listing${cap === 1 ? '' : 's'} at once: end or sell one before listing another`;
}

/** The table after an edit: each level the edit names takes its new effects, the others keep theirs. */
export function editedEffects(current: LevelEffectsTable, edit: Partial<LevelEffectsTable>): LevelEffectsTable {
  const next = { ...current };
  for (const level of SELLER_LEVELS) if (edit[level]) next[level] = { ...edit[level] };
  return next;
}

/** The levels whose effects an edit changes, with what changes. */
export function changedLevels(
  current: LevelEffectsTable,
  next: LevelEffectsTable,
): { level: SellerLevel; holdDaysBy: number; capChanged: boolean }[] {
  return SELLER_LEVELS.flatMap((level) => {
    const holdDaysBy = next[level].payoutHoldDays - current[level].payoutHoldDays;
    const capChanged = next[level].activeListingCap !== current[level].activeListingCap;
    return holdDaysBy !== 0 || capChanged ? [{ level, holdDaysBy, capChanged }] : [];
  });
}
