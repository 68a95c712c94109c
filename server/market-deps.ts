// What the market services work with: the database, a realtime publisher (bound late, because
// Socket.IO attaches to the http server after the app is built) and the charges port.
import type { Db } from './platform/db/database.js';
import type { Charges } from './modules/payments/charges.js';
import type { PaymentAccounts } from './modules/payments/payment-accounts.js';
import type { RelayPublisher } from './platform/events/pending-events.js';
import type { ShippingLabels } from './modules/fulfilment/labels.js';
import type { ShippingRates } from './modules/fulfilment/rates.js';
import type { ListingToolsDeps } from './modules/listings/listing-tools-deps.js';

// The charges port lives with the other payments ports (server/modules/payments/charges.ts); the market
// services and their tests know it by these names.
export type { ChargeRequest, ChargeResult, Charges } from './modules/payments/charges.js';
export { ledgerCharges } from './modules/payments/ledger-charges.js';

export interface MarketDeps {
  db: Db;
  events: RelayPublisher;
  charges: Charges;
  /** Customers, cards, identity and payout accounts; the local ledger (`ledgerPaymentAccounts`) when absent. */
  paymentAccounts?: PaymentAccounts;
  /** The shipping-label provider; the local one (`localLabels`) when absent. */
  labels?: ShippingLabels;
  /** The shipping-rates provider (`POST /shipping/quote`); the local rate table (`localShippingRates`) when absent. */
  shippingRates?: ShippingRates;
  /** Media storage, video processing, autofill, share links; the local ones (`localListingTools`) when absent. */
  listingTools?: ListingToolsDeps;
  /** Epoch milliseconds; tests move time. */
  now?: () => number;
}

export const nowOf = (deps: Pick<MarketDeps, 'now'>): number => (deps.now ? deps.now() : Date.now());
