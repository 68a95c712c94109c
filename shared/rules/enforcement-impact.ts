// What an enforcement does to each thing the impact counts: the enforcement dialog shows these
// lines before the admin applies it, so nobody suspends a seller without knowing what follows.
import type { EnforcementImpact } from '../contract/accountability.js';
import type { EnforcementAction } from '../contract/enums.js';
import { centsToUsd } from './money.js';

export interface ImpactLine {
  key: keyof EnforcementImpact;
  label: string;
  count: number;
  /** What happens to them; null when the action leaves them as they are. */
  consequence: string | null;
}

const LABELS: Record<keyof EnforcementImpact, string> = {
  activeListings: 'Active listings',
  liveAuctions: 'Live auctions',
  leadingBids: 'Leading bids',
  unpaidWins: 'Unpaid wins',
  openOrdersAsBuyer: 'Open orders as buyer',
  openOrdersAsSeller: 'Open orders as seller',
  pendingPayoutCents: 'Pending payout',
};

type Consequences = Partial<Record<keyof EnforcementImpact, string>>;

const HIDDEN = 'Hidden from buyers while it lasts; back when it ends';
const ACCOUNT_OFF: Consequences = {
  activeListings: HIDDEN,
  liveAuctions: `${HIDDEN}; no new bids reach them`,
  leadingBids: 'Stay as they are; no new bids or raises while it lasts',
  unpaidWins: 'Cannot be paid while it lasts',
  openOrdersAsBuyer: 'Go on; the user cannot reach them in the app while it lasts',
  openOrdersAsSeller: 'Go on; the user cannot print labels or mark them shipped while it lasts',
  pendingPayoutCents: 'Kept as it is; paid out as the orders complete',
};

const CONSEQUENCES: Record<EnforcementAction, Consequences> = {
  warn: {},
  suspendSelling: {
    activeListings: 'Stay on sale; no new listings, publishing or accepted offers',
    liveAuctions: 'Run to their end as usual',
  },
  suspend: ACCOUNT_OFF,
  ban: { ...ACCOUNT_OFF, activeListings: 'Hidden from buyers for good', liveAuctions: 'Hidden from buyers for good' },
  lift: {
    activeListings: 'Visible to buyers again',
    liveAuctions: 'Visible to buyers again',
  },
};

export function impactLines(action: EnforcementAction, impact: EnforcementImpact): ImpactLine[] {
  return (Object.keys(LABELS) as (keyof EnforcementImpact)[]).map((key) => ({
    key,
    label: LABELS[key],
    count: impact[key],
    consequence: impact[key] === 0 ? null : (CONSEQUENCES[action][key] ?? null),
  }));
}

/** `pendingPayoutCents` as the dialog prints it; the other figures are counts. */
export function impactFigure(line: ImpactLine): string {
  return line.key === 'pendingPayoutCents' ? `$${centsToUsd(line.count).toFixed(2)}` : String(line.count);
}

/** Nothing touched: the impact of an account that is gone, and the start of a sum. */
export const NO_IMPACT: EnforcementImpact = {
  activeListings: 0,
  liveAuctions: 0,
  leadingBids: 0,
  unpaidWins: 0,
  openOrdersAsBuyer: 0,
  openOrdersAsSeller: 0,
  pendingPayoutCents: 0,
};

/** The impact of several accounts (a ring, or the members picked from it): each figure summed. */
export function sumImpacts(impacts: readonly EnforcementImpact[]): EnforcementImpact {
  const total = { ...NO_IMPACT };
  for (const impact of impacts)
    for (const key of Object.keys(total) as (keyof EnforcementImpact)[]) total[key] += impact[key];
  return total;
}
