// The payments module from outside: the three ports (refunds, charges, payment accounts: PaymentPorts),
// the local ledger adapters and the choice between ledger and Stripe (both used by composition.ts),
// the buyer/seller routes, Stripe's webhook, and the identity status the account screen shows.
export type { ChargeRequest, ChargeResult, Charges } from './charges.js';
export type { PaymentAccounts } from './payment-accounts.js';
export type { Payments, PayoutTransferRequest, PayoutTransfers } from './payments.js';
export type { PaymentPorts } from './ports.js';
export { ledgerPaymentAccounts } from './ledger-accounts.js';
export { ledgerCharges } from './ledger-charges.js';
export { ledgerPayments } from './ledger.js';
export { selectCharges, selectPaymentAccounts, selectPayments } from './select-payments.js';
export { paymentRoutes } from './routes.js';
export { stripeWebhookPlugin } from './webhook-route.js';
// A Stripe dispute event, fired in the webhook's transaction: the disputes area keeps chargebacks.
export { chargeDisputed, type ChargeDispute, type ChargeDisputeOutcome } from './hooks.js';
export type { DisputeEvidenceSubmission, DisputeEvidenceReceipt } from './payments.js';
