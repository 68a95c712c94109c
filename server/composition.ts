// The one place where each port gets its adapter from the configuration: payments (refunds and
// payouts), charges, payment accounts, identity, SMS, shipping labels, shipping rates and the
// listing tools' media. server.ts builds the app from it; tests pass their own ports to buildApp.
// Payments choose Stripe or the local ledger by STRIPE_SECRET_KEY (payments/select-payments.ts).
// A local stand-in that must never serve real users (SMS, labels) is replaced in production by
// one that refuses, so the route answers 503 with the reason instead of pretending.
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { firebaseIdentity } from './platform/auth/firebase-identity.js';
import {
  type Charges,
  type PaymentAccounts,
  type Payments,
  selectCharges,
  selectPaymentAccounts,
  selectPayments,
} from './modules/payments/index.js';
import { type SmsSender, unavailableSms } from './modules/accounts/index.js';
import {
  localLabels,
  localShippingRates,
  type ShippingLabels,
  type ShippingRates,
  unavailableLabels,
} from './modules/fulfilment/index.js';
import { type ListingToolsDeps, localListingTools } from './modules/listings/index.js';

export interface Ports {
  identity: IdentityProvider;
  /** Refunds and payouts of the back office. */
  payments: Payments;
  paymentAccounts: PaymentAccounts;
  charges: Charges;
  stripeWebhookSecret: string | undefined;
  /** Absent: the local sender, which writes codes to the server's log (development only). */
  sms: SmsSender | undefined;
  labels: ShippingLabels;
  shippingRates: ShippingRates;
  listingTools: ListingToolsDeps;
}

/**
 * Every port's adapter for this configuration. No SMS provider or carrier adapter exists yet: in
 * production the phone routes and label creation answer 503 (the local ones would log codes and
 * hand out tracking numbers no carrier knows); everywhere else the local stand-ins serve.
 */
export function composePorts(config: Config, database: Database): Ports {
  const production = config.NODE_ENV === 'production';
  return {
    identity: firebaseIdentity({
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    payments: selectPayments(config.STRIPE_SECRET_KEY),
    paymentAccounts: selectPaymentAccounts(config.STRIPE_SECRET_KEY, database.db),
    charges: selectCharges(config.STRIPE_SECRET_KEY),
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    sms: production ? unavailableSms() : undefined,
    labels: production ? unavailableLabels() : localLabels(),
    shippingRates: localShippingRates(),
    listingTools: localListingTools({
      uploadsDir: config.UPLOADS_DIR,
      signingSecret: config.UPLOADS_SIGNING_SECRET,
      publicApiUrl: config.PUBLIC_API_URL ?? `http://${config.HOST}:${config.PORT}/v1`,
      appLinkBaseUrl: config.APP_LINK_BASE_URL,
    }),
  };
}
