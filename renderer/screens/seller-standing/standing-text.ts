// How the user drawer words a seller's standing: the level's name, a rate as a percentage, and
// what the level does.
import type { SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
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
