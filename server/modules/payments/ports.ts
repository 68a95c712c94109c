// The ports of the payments module, as the services that use them name them (`ServiceDeps<PaymentPorts>`);
// composition.ts gives each its adapter: Stripe with STRIPE_SECRET_KEY, else the local ledger.
import type { Charges } from './charges.js';
import type { PaymentAccounts } from './payment-accounts.js';
import type { Payments } from './payments.js';

export interface PaymentPorts {
  /** Refunds and payouts of the back office. */
  payments: Payments;
  /** Buyer charges; on the same provider as `paymentAccounts`. */
  charges: Charges;
  /** Customers, cards, identity and payout accounts. */
  paymentAccounts: PaymentAccounts;
}
