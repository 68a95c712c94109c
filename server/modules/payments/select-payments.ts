import type { Db } from '../../platform/db/database.js';
import type { Charges } from './charges.js';
import { ledgerPaymentAccounts } from './ledger-accounts.js';
import { ledgerCharges } from './ledger-charges.js';
import { ledgerPayments } from './ledger.js';
import type { PaymentAccounts } from './payment-accounts.js';
import type { Payments } from './payments.js';
import { stripePaymentAccounts } from './stripe-accounts.js';
import { stripeCharges } from './stripe-charges.js';
import { stripePayments } from './stripe.js';

/** Stripe when a secret key is configured, else the local ledger. */
export function selectPayments(stripeSecretKey: string | undefined): Payments {
  return stripeSecretKey ? stripePayments(stripeSecretKey) : ledgerPayments();
}

/** Customers, cards, identity and payout accounts: Stripe with a secret key, else the local ledger in `db`. */
export function selectPaymentAccounts(stripeSecretKey: string | undefined, db: Db): PaymentAccounts {
  return stripeSecretKey ? stripePaymentAccounts(stripeSecretKey) : ledgerPaymentAccounts(db);
}

/**
 * Buyer charges on the same provider as the cards they are made with: Stripe PaymentIntents with a
 * secret key, else the local ledger's cards (the two must agree, or the default card would be unknown).
 */
export function selectCharges(stripeSecretKey: string | undefined): Charges {
  return stripeSecretKey ? stripeCharges(stripeSecretKey) : ledgerCharges();
}
