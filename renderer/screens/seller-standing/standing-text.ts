// How the user drawer words a seller's standing: the level's name, a rate as a percentage, what
// the level does, and why an order is a defect.
import type { DEFECT_REASONS, SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import type { SellerLevel } from '../../../shared/rules/seller-level.js';

export const LEVEL_LABELS: Record<SellerLevel, string> = {
  new: 'New',
  belowStandard: 'Below standard',
  standard: 'Standard',
  top: 'Top',
};

/** 0.0434… → '4.3%'; null → '-' (nothing to measure). */
export function percentText(rate: number | null): string {
  if (rate === null) return '-';
  return `${(Math.round(rate * 1000) / 10).toString()}%`;
}

export function effectsText(effects: SellerStanding['effects']): string {
  const hold =
    effects.payoutHoldDays === 0 ? 'no payout hold' : `payouts held ${effects.payoutHoldDays} days after delivery`;
  const cap =
    effects.activeListingCap === null ? 'no listing cap' : `at most ${effects.activeListingCap} active listings`;
  return `${hold}; ${cap}`;
}

export const DEFECT_REASON_LABELS: Record<(typeof DEFECT_REASONS)[number], string> = {
  cancelled: 'Cancelled',
  orderIssueUpheld: 'Order issue upheld',
  disputeLost: 'Dispute lost',
};

/** ['cancelled', 'disputeLost'] → 'Cancelled, dispute lost'. */
export function defectReasonsText(reasons: readonly (typeof DEFECT_REASONS)[number][]): string {
  const text = reasons.map((reason) => DEFECT_REASON_LABELS[reason].toLowerCase()).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
