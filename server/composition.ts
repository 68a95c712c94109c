// The one place where each port gets its adapter: payments (refunds and payouts), charges,
// payment accounts, identity, the accounts behind a signed-in caller, SMS, shipping labels,
// shipping rates and the listing tools' media.
// `Ports` is typed here once, as the union of what each module declares (`PaymentPorts`,
// `AccountPorts`, …); buildApp takes it whole. server.ts composes it from the configuration
// (`composePorts`); tests take the local stand-ins with their own doubles (`localPorts`).
// Payments choose Stripe or the local ledger by STRIPE_SECRET_KEY (payments/select-payments.ts).
// A local stand-in that must never serve real users (SMS, labels) is replaced in production by
// one that refuses, so the route answers 503 with the reason instead of pretending.
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import type { MarketAccounts } from './platform/auth/market-users.js';
import type { ServiceDeps } from './platform/services/service-deps.js';
import { firebaseIdentity } from './platform/auth/firebase-identity.js';
import {
  ledgerCharges,
  ledgerPaymentAccounts,
  ledgerPayments,
  type PaymentPorts,
  selectCharges,
  selectPaymentAccounts,
  selectPayments,
} from './modules/payments/index.js';
import { type AccountPorts, localSms, marketAccounts, unavailableSms } from './modules/accounts/index.js';
import {
  type FulfilmentPorts,
  localLabels,
  localShippingRates,
  unavailableLabels,
} from './modules/fulfilment/index.js';
import { type ListingPorts, localListingTools } from './modules/listings/index.js';

export interface Ports extends PaymentPorts, AccountPorts, FulfilmentPorts, ListingPorts {
  identity: IdentityProvider;
  /** Links and creates the `users` row of a signed-in caller (platform/auth declares it, accounts implements it). */
  marketAccounts: MarketAccounts;
  /** Verifies Stripe's webhook; without it `POST /v1/payments/stripe/webhook` answers 503. */
  stripeWebhookSecret: string | undefined;
}

/** What the market services work with (`app.market`): the database, the event relay, the clock and every port. */
export type MarketServices = ServiceDeps<Ports>;

/** What a caller may replace: every port but identity, which has no local stand-in, is optional. */
export type PortOverrides = Partial<Ports> & Pick<Ports, 'identity'>;

/**
 * The local stand-ins, each replaced by its override: the ledger for payments, the local SMS
 * outbox (silent), labels drawn locally, the local rate table and media under `.data/uploads`.
 */
export function localPorts(database: Database, overrides: PortOverrides): Ports {
  return {
    identity: overrides.identity,
    marketAccounts: overrides.marketAccounts ?? marketAccounts,
    payments: overrides.payments ?? ledgerPayments(),
    paymentAccounts: overrides.paymentAccounts ?? ledgerPaymentAccounts(database.db),
    charges: overrides.charges ?? ledgerCharges(),
    stripeWebhookSecret: overrides.stripeWebhookSecret,
    sms: overrides.sms ?? localSms(),
    labels: overrides.labels ?? localLabels(),
    shippingRates: overrides.shippingRates ?? localShippingRates(),
    listingTools: overrides.listingTools ?? localListingTools(),
  };
}

/**
 * Every port's adapter for this configuration (an override replaces one, as in `localPorts`). No
 * SMS provider or carrier adapter exists yet: in production the phone routes and label creation
 * answer 503 (the local ones would log codes and hand out tracking numbers no carrier knows);
 * everywhere else the local stand-ins serve, the SMS outbox writing each code to the log.
 */
export function composePorts(config: Config, database: Database, overrides: Partial<Ports> = {}): Ports {
  const production = config.NODE_ENV === 'production';
  return localPorts(database, {
    identity: firebaseIdentity({
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    payments: selectPayments(config.STRIPE_SECRET_KEY),
    paymentAccounts: selectPaymentAccounts(config.STRIPE_SECRET_KEY, database.db),
    charges: selectCharges(config.STRIPE_SECRET_KEY),
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    sms: production
      ? unavailableSms()
      : localSms(({ to, body }) => console.warn(`SMS to ${to} (local sender, not delivered): ${body}`)),
    labels: production ? unavailableLabels() : localLabels(),
    listingTools: localListingTools({
      uploadsDir: config.UPLOADS_DIR,
      signingSecret: config.UPLOADS_SIGNING_SECRET,
      publicApiUrl: config.PUBLIC_API_URL ?? `http://${config.HOST}:${config.PORT}/v1`,
      appLinkBaseUrl: config.APP_LINK_BASE_URL,
    }),
    ...overrides,
  });
}
