import { ledgerPayments } from './ledger.js';
import type { Payments } from './payments.js';
import { stripePayments } from './stripe.js';

/** Stripe when a secret key is configured, else the local ledger. */
export function selectPayments(stripeSecretKey: string | undefined): Payments {
  return stripeSecretKey ? stripePayments(stripeSecretKey) : ledgerPayments();
}
