// The payments module from outside: the three ports (refunds, charges, payment accounts) with their
// adapters and the choice between them, the buyer/seller routes, Stripe's webhook, and the
// identity status the account screen shows.
export type { ChargeRequest, ChargeResult, Charges } from './charges.js';
export { REQUIRED_PAYMENT_METHOD } from './charges.js';
export type { PaymentAccounts } from './payment-accounts.js';
export type { Payments, RefundRequest, RefundResult } from './payments.js';
export { ledgerPaymentAccounts } from './ledger-accounts.js';
export { ledgerCharges } from './ledger-charges.js';
export { ledgerPayments } from './ledger.js';
export { selectCharges, selectPaymentAccounts, selectPayments } from './select-payments.js';
export { stripeCharges } from './stripe-charges.js';
export { stripePaymentAccounts } from './stripe-accounts.js';
export { stripePayments, type StripeEndpoint } from './stripe.js';
export { identityStatusOfUser } from './identity-verification.js';
export { paymentRoutes } from './routes.js';
export { stripeWebhookPlugin, type StripeWebhookOptions } from './webhook-route.js';
