// Which enforcements resolving a case applies: the outcome's own (a warning, a selling suspension,
// a week's suspension) and the macro's, each action once. A macro whose outcome is `userWarned`
// and whose enforcement is `warn` warned the user twice; where both name one action the macro's
// wins (its own end date), so the user gets one notification and one history row.
import type { ReviewOutcome } from '../../../../shared/contract/review-cases.js';
import type { MACRO_ENFORCEMENTS } from '../../../../shared/contract/review-team.js';

/** How long the `accountSuspended` outcome suspends the case's user. */
export const CASE_SUSPENSION_DAYS = 7;

export interface ResolutionEnforcement {
  action: (typeof MACRO_ENFORCEMENTS)[number];
  until: Date | null;
}

const DAY_MS = 86_400_000;

/** The outcome's enforcement on the case's user, if it has one. */
export function outcomeEnforcement(outcome: ReviewOutcome, nowMs: number): ResolutionEnforcement | null {
  switch (outcome) {
    case 'userWarned':
      return { action: 'warn', until: null };
    case 'sellingSuspended':
      return { action: 'suspendSelling', until: null };
    case 'accountSuspended':
      // A case suspends for a fixed week; a longer suspension or a ban is set from the user's drawer.
      return { action: 'suspend', until: new Date(nowMs + CASE_SUSPENSION_DAYS * DAY_MS) };
    default:
      return null;
  }
}

/** The outcome's enforcement and the macro's, in that order, each action once (the macro's wins a tie). */
export function resolutionEnforcements(
  outcome: ReviewOutcome,
  macro: ResolutionEnforcement | null,
  nowMs: number,
): ResolutionEnforcement[] {
  const own = outcomeEnforcement(outcome, nowMs);
  if (own && macro && own.action === macro.action) return [macro];
  return [own, macro].filter((one): one is ResolutionEnforcement => one !== null);
}
