// What the market services work with: the database, a realtime publisher (bound late, because
// Socket.IO attaches to the http server after the app is built) and the charges port.
import type { Db } from './platform/db/database.js';
import type { Charges, PaymentAccounts } from './modules/payments/index.js';
import type { RelayPublisher } from './platform/events/pending-events.js';
import type { ShippingLabels, ShippingRates } from './modules/fulfilment/index.js';
import type { ListingToolsDeps } from './modules/listings/index.js';

// The charges port lives with the other payments ports (server/modules/payments/charges.ts); the market
// services and their tests know it by these names.
export { type ChargeRequest, type ChargeResult, type Charges, ledgerCharges } from './modules/payments/index.js';

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
