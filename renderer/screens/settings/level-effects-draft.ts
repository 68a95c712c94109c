// Settings › Seller levels, without a DOM: the form's text fields per level, read back into an
// edit of the levels' effects (or why not), and the preview's answer in words ("moves 12 sellers'
// payouts (30 pending) 4 days later").
import type {
  EditLevelEffects,
  LevelEffectsPreview,
  LevelEffectsTable,
} from '../../../shared/contract/admin-seller-standing-routes.js';
import { MAX_ACTIVE_LISTING_CAP, MAX_PAYOUT_HOLD_DAYS } from '../../../shared/rules/level-effects.js';
import { SELLER_LEVELS, type SellerLevel } from '../../../shared/rules/seller-level.js';
import { LEVEL_LABELS } from '../seller-standing/standing-text.js';

/** What the form shows per level: the hold days and the cap as typed ('' cap: no cap). */
export type EffectsDraft = Record<SellerLevel, { payoutHoldDays: string; activeListingCap: string }>;

export function draftOf(table: LevelEffectsTable): EffectsDraft {
  const draft = {} as EffectsDraft;
  for (const level of SELLER_LEVELS) {
    const { payoutHoldDays, activeListingCap } = table[level];
    draft[level] = {
      payoutHoldDays: String(payoutHoldDays),
      activeListingCap: activeListingCap === null ? '' : String(activeListingCap),
    };
  }
  return draft;
}

const WHOLE = /^\d+$/;

/** The edit the draft makes (every level), or the first problem with it in words. */
export function editOf(draft: EffectsDraft): { edit: EditLevelEffects } | { problem: string } {
  const edit: EditLevelEffects = {};
  for (const level of SELLER_LEVELS) {
    const hold = draft[level].payoutHoldDays.trim();
    const cap = draft[level].activeListingCap.trim();
    const label = LEVEL_LABELS[level];
    if (!WHOLE.test(hold) || Number(hold) > MAX_PAYOUT_HOLD_DAYS) {
      return { problem: `${label}: the payout hold is a whole number of days from 0 to ${MAX_PAYOUT_HOLD_DAYS}` };
    }
    if (cap !== '' && (!WHOLE.test(cap) || Number(cap) < 1 || Number(cap) > MAX_ACTIVE_LISTING_CAP)) {
      return {
        problem: `${label}: the listing cap is a whole number from 1 to ${MAX_ACTIVE_LISTING_CAP}, or empty for none`,
      };
    }
    edit[level] = { payoutHoldDays: Number(hold), activeListingCap: cap === '' ? null : Number(cap) };
  }
  return { edit };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const capText = (cap: number | null) => (cap === null ? 'no cap' : String(cap));

/** The preview in sentences, one or two per level changed; one sentence when nothing changes. */
export function previewLines(preview: LevelEffectsPreview): string[] {
  if (preview.items.length === 0) return ['This change does nothing: every level keeps its effects.'];
  return preview.items.flatMap((item) => {
    const label = LEVEL_LABELS[item.level];
    const lines: string[] = [];
    const by = item.after.payoutHoldDays - item.before.payoutHoldDays;
    if (by !== 0) {
      const count = item.sellersWithPendingPayouts;
      const sellers = count === 1 ? "1 seller's" : `${count} sellers'`;
      lines.push(
        `${label}: payout hold ${item.before.payoutHoldDays} → ${item.after.payoutHoldDays} days moves ${sellers} payouts (${item.pendingPayouts} pending) ${plural(Math.abs(by), 'day')} ${by > 0 ? 'later' : 'earlier'}.`,
      );
    }
    if (item.before.activeListingCap !== item.after.activeListingCap) {
      lines.push(
        `${label}: listing cap ${capText(item.before.activeListingCap)} → ${capText(item.after.activeListingCap)}; ${plural(item.sellersAtCapAfter, 'seller')} at or over it could list no more (${item.sellersAtCapBefore} now).`,
      );
    }
    return lines;
  });
}
