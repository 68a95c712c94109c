// Whether a seller can be paid and can sell, from their payout (connected) account's state as the
// payment provider reports it. Shared so the buyer app and the server say the same thing.

/** What the provider reports of a connected account (Stripe's Account fields, camel-cased). */
export interface PayoutAccountFacts {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Information the provider still needs (`requirements.currently_due` + `past_due`). */
  requirementsDue: readonly string[];
}

export interface PayoutReadiness {
  hasPayoutAccount: boolean;
  /** The provider accepts charges for them and pays their balance out. */
  canBePaid: boolean;
  /** An enabled seller who can be paid. */
  canSell: boolean;
}

export function payoutReadinessOf(user: {
  sellerEnabled: boolean;
  account: PayoutAccountFacts | null;
}): PayoutReadiness {
  const canBePaid = user.account !== null && user.account.chargesEnabled && user.account.payoutsEnabled;
  return { hasPayoutAccount: user.account !== null, canBePaid, canSell: user.sellerEnabled && canBePaid };
}
