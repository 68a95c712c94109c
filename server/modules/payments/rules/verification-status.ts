// A provider's identity verification session (Stripe Identity's statuses, which the local ledger
// keeps too) read as the user's identity status (IDENTITY_STATUSES: Pending, Failed, Verified).
import type { IdentityStatus } from '../../../../shared/contract/enums.js';

export type ProviderVerificationStatus = 'requires_input' | 'processing' | 'verified' | 'canceled';

/**
 * `requires_input` is both "not submitted yet" and "submitted and refused": only the session's
 * last error tells them apart. A canceled session can never be verified, so it counts as failed.
 */
export function identityStatusOf(
  status: ProviderVerificationStatus | (string & {}),
  lastErrorReason: string | null,
): { status: IdentityStatus; failureReason: string | null } {
  switch (status) {
    case 'verified':
      return { status: 'Verified', failureReason: null };
    case 'canceled':
      return { status: 'Failed', failureReason: lastErrorReason ?? 'The verification was canceled' };
    case 'requires_input':
      return lastErrorReason === null
        ? { status: 'Pending', failureReason: null }
        : { status: 'Failed', failureReason: lastErrorReason };
    default:
      // `processing`, or a status the provider adds later: nothing decided yet.
      return { status: 'Pending', failureReason: null };
  }
}

/** The Stripe Identity events whose session decides a user's identity status. */
export const IDENTITY_DECISION_EVENTS = [
  'identity.verification_session.verified',
  'identity.verification_session.requires_input',
] as const;
export type IdentityDecisionEvent = (typeof IDENTITY_DECISION_EVENTS)[number];

/**
 * What an identity event decides. Stripe sends `requires_input` only when a submitted session
 * failed its checks (a new session waits in requires_input without an event), so it is Failed
 * even when Stripe gives no reason.
 */
export function identityOutcomeOfEvent(
  event: IdentityDecisionEvent,
  lastErrorReason: string | null,
): { status: IdentityStatus; failureReason: string | null } {
  return event === 'identity.verification_session.verified'
    ? { status: 'Verified', failureReason: null }
    : { status: 'Failed', failureReason: lastErrorReason ?? 'Stripe could not verify the document' };
}
