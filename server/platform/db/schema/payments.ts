// Payment accounts: identity verifications, the local ledger provider's customers, cards,
// verification sessions and connected accounts (empty with Stripe), and the Stripe webhook
// events applied (migrations 0007, 0011, 0012).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, columnCheck, createdAt, fkey, updatedAt, uniqueKey } from './columns.js';
import { users } from './users.js';

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['Pending', 'Failed', 'Verified'] })
      .notNull()
      .default('Pending'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    fkey('identity_verifications', t.userId, users.id),
    columnCheck('identity_verifications', 'status', sql`status IN ('Pending', 'Failed', 'Verified')`),
    index('identity_verifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const ledgerCustomers = pgTable(
  'ledger_customers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    defaultPaymentMethodId: text('default_payment_method_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueKey('ledger_customers', t.userId), fkey('ledger_customers', t.userId, users.id)],
);

/** Saved cards, shaped like the provider's card object; a removed card is detached. */
export const ledgerPaymentMethods = pgTable(
  'ledger_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    funding: text('funding', { enum: ['credit', 'debit', 'prepaid', 'unknown'] }).notNull(),
    billingDetails: jsonb('billing_details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    detachedAt: at('detached_at'),
    // 0011: what the issuer answers every charge on this card; null for a card that pays.
    chargeDecline: text('charge_decline'),
  },
  (t) => [
    fkey('ledger_payment_methods', t.customerId, ledgerCustomers.id),
    columnCheck('ledger_payment_methods', 'last4', sql`last4 ~ '^[0-9]{4}$'`),
    columnCheck('ledger_payment_methods', 'exp_month', sql`exp_month BETWEEN 1 AND 12`),
    columnCheck('ledger_payment_methods', 'funding', sql`funding IN ('credit', 'debit', 'prepaid', 'unknown')`),
    index('ledger_payment_methods_customer_idx')
      .on(t.customerId, t.createdAt)
      .where(sql`detached_at IS NULL`),
    // 0050: the card link of a ring's hop.
    index('ledger_payment_methods_card_idx').on(t.last4, t.brand, t.expMonth, t.expYear),
  ],
);

export const ledgerVerificationSessions = pgTable(
  'ledger_verification_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['requires_input', 'processing', 'verified', 'canceled'] })
      .notNull()
      .default('requires_input'),
    lastErrorReason: text('last_error_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    fkey('ledger_verification_sessions', t.userId, users.id),
    columnCheck(
      'ledger_verification_sessions',
      'status',
      sql`status IN ('requires_input', 'processing', 'verified', 'canceled')`,
    ),
  ],
);

export const ledgerConnectedAccounts = pgTable(
  'ledger_connected_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    /** Stripe's requirements.currently_due: the names of what is still missing. */
    requirementsDue: jsonb('requirements_due').$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueKey('ledger_connected_accounts', t.userId), fkey('ledger_connected_accounts', t.userId, users.id)],
);

/** Every Stripe webhook event applied, so a redelivery changes nothing. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export type IdentityVerificationRecord = typeof identityVerifications.$inferSelect;
export type LedgerCustomerRecord = typeof ledgerCustomers.$inferSelect;
export type LedgerPaymentMethodRecord = typeof ledgerPaymentMethods.$inferSelect;
export type LedgerVerificationSessionRecord = typeof ledgerVerificationSessions.$inferSelect;
export type LedgerConnectedAccountRecord = typeof ledgerConnectedAccounts.$inferSelect;
export type StripeWebhookEventRecord = typeof stripeWebhookEvents.$inferSelect;
