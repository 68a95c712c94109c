// The payment-accounts port: a buyer's customer and saved cards, identity verification, and a
// seller's payout (connected) account with its onboarding link. Two adapters: the local ledger
// (ledger-accounts.ts, the default, state in our database) and Stripe (stripe-accounts.ts),
// chosen by STRIPE_SECRET_KEY like the refunds port (select-payments.ts).
import type { IdentityStatus } from '../../../shared/contract/enums.js';
import type { CardFunding } from '../../../shared/contract/market/payments.js';
import type { PayoutAccountFacts } from '../../../shared/rules/payout-readiness.js';

/** The provider's billing details of a card; every field may be missing. */
export interface BillingDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
  } | null;
}

/** A saved card, as the provider's card object: never more than the last four digits. */
export interface ProviderCard {
  /** The provider's payment-method id (pm_…). */
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: CardFunding;
  billing_details: BillingDetails;
}

export interface SavedCards {
  cards: ProviderCard[];
  /** The card charges use; null when none is chosen. */
  defaultId: string | null;
}

export interface VerificationSession {
  id: string;
  status: IdentityStatus;
  /** Where the user goes to submit their documents (single use); null once decided. */
  url: string | null;
  /** Why it failed, when it did. */
  failureReason: string | null;
}

export interface PayoutAccount extends PayoutAccountFacts {
  id: string;
  detailsSubmitted: boolean;
}

export interface AccountLink {
  url: string;
  /** Epoch milliseconds; the provider's links are short-lived. */
  expiresAt: number;
}

/**
 * What the local ledger lets an admin decide in the provider's place (the Stripe adapter has no
 * such thing: Stripe decides, and we read the result back).
 */
export interface LocalProviderDecisions {
  decideVerification(
    sessionId: string,
    outcome: { verified: true } | { verified: false; reason: string },
  ): Promise<void>;
  decideOnboarding(accountId: string, outcome: 'completed' | 'incomplete'): Promise<void>;
}

export interface PaymentAccounts {
  readonly name: 'ledger' | 'stripe';
  /** Creates the user's customer; asking twice for the same user gives the same customer. */
  createCustomer(user: { userId: string; email: string }): Promise<string>;
  /**
   * Saves a card on the customer from a provider token (`tok_…`) or payment-method id (`pm_…`).
   * A declined card is a 402 HttpError, an unknown token a 400.
   */
  attachCard(customerId: string, token: string): Promise<ProviderCard>;
  savedCards(customerId: string): Promise<SavedCards>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  /** Removes a card the customer holds (the service checks that first); a default removed leaves none. */
  detachCard(customerId: string, cardId: string): Promise<void>;
  startVerification(user: { userId: string; returnUrl: string | null }): Promise<VerificationSession>;
  /** The session as the provider sees it now (the poll that brings the result in). */
  verification(sessionId: string): Promise<VerificationSession>;
  /** Creates the seller's connected account; asking twice for the same user gives the same account. */
  createPayoutAccount(user: { userId: string; email: string }): Promise<string>;
  payoutAccount(accountId: string): Promise<PayoutAccount>;
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<AccountLink>;
  /** Present on the local ledger only. */
  readonly localDecisions?: LocalProviderDecisions;
}
