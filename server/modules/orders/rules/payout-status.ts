// The sold listings table's "payout status" of an order, from its ledger. The ledger is read for
// the whole page in one lookup (order-admin.ts, `transactionsOf`), so the status costs no statement
// of its own: a per-row subquery did the same lookup again for every order on the page.
import type { SoldListing } from '../../../../shared/contract/entities.js';

/** One ledger entry, as `transactionsOf` reads them: oldest first (created_at, then id). */
export interface LedgerEntry {
  type: string;
  status: string;
}

/**
 * The latest payout's status: null while nothing was paid out, and `failed` for any payout that
 * did not succeed (a payout that was reversed did not reach the seller).
 */
export function payoutStatusOf(ledger: readonly LedgerEntry[]): SoldListing['payoutStatus'] {
  const latest = ledger.findLast((entry) => entry.type === 'order_payout');
  return latest === undefined ? null : latest.status === 'succeeded' ? 'succeeded' : 'failed';
}
