import { describe, expect, it } from 'vitest';
import {
  type IdentityDecisionEvent,
  identityOutcomeOfEvent,
  identityStatusOf,
  type ProviderVerificationStatus,
} from './verification-status.js';

describe("a provider's verification session as the user's identity status", () => {
  it.each<[ProviderVerificationStatus | 'some_new_status', string | null, string, string | null]>([
    ['requires_input', null, 'Pending', null],
    ['processing', null, 'Pending', null],
    ['verified', null, 'Verified', null],
    ['requires_input', 'The document was expired', 'Failed', 'The document was expired'],
    ['canceled', null, 'Failed', 'The verification was canceled'],
    ['canceled', 'Too many attempts', 'Failed', 'Too many attempts'],
    ['some_new_status', null, 'Pending', null],
  ])('%s with error %s → %s', (status, reason, identityStatus, failureReason) =>
    expect(identityStatusOf(status, reason)).toEqual({ status: identityStatus, failureReason }),
  );
});

describe("a Stripe Identity event as the user's identity status", () => {
  it.each<[IdentityDecisionEvent, string | null, string, string | null]>([
    ['identity.verification_session.verified', null, 'Verified', null],
    ['identity.verification_session.requires_input', 'The document is expired.', 'Failed', 'The document is expired.'],
    ['identity.verification_session.requires_input', null, 'Failed', 'Stripe could not verify the document'],
  ])('%s with error %s → %s', (event, reason, identityStatus, failureReason) =>
    expect(identityOutcomeOfEvent(event, reason)).toEqual({ status: identityStatus, failureReason }),
  );
});
