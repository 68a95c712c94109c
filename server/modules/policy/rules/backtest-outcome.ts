// What later happened to a backtest's match (DECISIONS "Policy", `byOutcome`): each match counts
// once, under the first of these that is true, so the split always sums to the matches. The order
// goes from the most direct verdict on the event (its bid voided) to the least (a case dismissed).
import type { BacktestOutcome } from '../../../../shared/contract/policy.js';

export interface LaterFacts {
  /** The matched bid was voided by an admin. */
  bidVoided: boolean;
  /** An appeal of the actor's was granted after the event. */
  appealGranted: boolean;
  /** The actor was enforced on (warned, suspended, banned) after the event. */
  enforced: boolean;
  /** The order (or the auction's order) was refunded after the event. */
  refunded: boolean;
  /** A review case about the actor or the subject was dismissed after the event. */
  caseDismissed: boolean;
}

export function backtestOutcomeOf(facts: LaterFacts): BacktestOutcome {
  if (facts.bidVoided) return 'voided';
  // A granted appeal overturns the enforcement it appealed: the enforcement does not count as upheld.
  if (facts.appealGranted) return 'appealGranted';
  if (facts.enforced) return 'enforced';
  if (facts.refunded) return 'refunded';
  if (facts.caseDismissed) return 'caseDismissed';
  return 'none';
}

export const NO_OUTCOMES = (): Record<BacktestOutcome, number> => ({
  voided: 0,
  enforced: 0,
  refunded: 0,
  appealGranted: 0,
  caseDismissed: 0,
  none: 0,
});
