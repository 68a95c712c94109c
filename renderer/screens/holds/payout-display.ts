// How the Sold listings screen and the order drawer word a seller payout: pending until the order
// is delivered (or 7 days after shipping), held while an admin holds it, released once paid.
import type { SoldListing } from '../../../shared/contract/entities.js';
import { formatUsd } from '../../../shared/rules/money.js';

export interface PayoutShown {
  label: 'Pending' | 'Held' | 'Released';
  /** '$42.50 pending', for the drawer. */
  text: string;
  intent: 'success' | 'warning' | 'danger';
}

export function payoutShown(order: Pick<SoldListing, 'payout' | 'payoutHold'>): PayoutShown | null {
  const { payout } = order;
  if (!payout) return null;
  const amount = formatUsd(payout.amount);
  if (order.payoutHold || payout.status === 'held') return { label: 'Held', text: `${amount} held`, intent: 'danger' };
  if (payout.status === 'released') return { label: 'Released', text: `${amount} released`, intent: 'success' };
  return { label: 'Pending', text: `${amount} pending`, intent: 'warning' };
}
