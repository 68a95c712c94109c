// The local ledger's payment accounts: the default when STRIPE_SECRET_KEY is absent. It keeps
// customers, cards, verification sessions and connected accounts in our database (ledger_*
// tables, migration 0007) and behaves like Stripe's test mode: cards come from Stripe's test
// token names (LEDGER_TEST_CARDS), and what Stripe would decide (a verification's outcome, a
// finished onboarding) an admin decides through `localDecisions`.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import { BillingDetails as BillingDetailsSchema, type CardFunding } from '../../../shared/contract/market/payments.js';
import type { Db } from '../../platform/db/database.js';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.js';
import type {
  BillingDetails,
  PaymentAccounts,
  PayoutAccount,
  ProviderCard,
  VerificationSession,
} from './payment-accounts.js';
import { identityStatusOf } from './rules/verification-status.js';
import {
  ledgerConnectedAccounts,
  ledgerCustomers,
  ledgerPaymentMethods,
  ledgerVerificationSessions,
  type LedgerPaymentMethodRecord,
} from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

interface TestCard {
  brand: string;
  last4: string;
  funding: CardFunding;
  /** The provider's refusal when the card cannot be saved. */
  declined?: string;
  /** The issuer's answer to every charge on a card that saves fine but cannot pay. */
  chargeDecline?: string;
}

/**
 * Stripe's test cards (https://docs.stripe.com/testing), by the names of their test tokens: each
 * card is reachable as `tok_<name>` and `pm_card_<name>`, with Stripe's last four digits. The
 * declined ones are refused when saved, as Stripe refuses to attach them; `chargeCustomerFail`
 * (4000 0000 0000 0341) is saved, then every charge on it is declined, as on Stripe.
 */
export const LEDGER_TEST_CARDS: Readonly<Record<string, TestCard>> = {
  visa: { brand: 'visa', last4: '4242', funding: 'credit' },
  visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit' },
  mastercard_debit: { brand: 'mastercard', last4: '8210', funding: 'debit' },
  mastercard_prepaid: { brand: 'mastercard', last4: '5100', funding: 'prepaid' },
  amex: { brand: 'amex', last4: '8431', funding: 'credit' },
  discover: { brand: 'discover', last4: '1117', funding: 'credit' },
  chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit', declined: 'Your card was declined.' },
  chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', funding: 'credit', declined: 'Your card has expired.' },
  chargeCustomerFail: { brand: 'visa', last4: '0341', funding: 'credit', chargeDecline: 'Your card was declined.' },
};

/** Test cards expire this many years after they are saved (Stripe's test cards take any future date). */
const TEST_CARD_YEARS = 3;

/** What Stripe asks a new Express account for before it may take charges and pay out. */
export const LEDGER_ONBOARDING_REQUIREMENTS = [
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
] as const;

/** How long an onboarding link lives (Stripe's account links last minutes). */
const ACCOUNT_LINK_TTL_MS = 5 * 60_000;

const EMPTY_BILLING_DETAILS: BillingDetails = {
  name: null,
  email: null,
  phone: null,
  address: { line1: null, line2: null, city: null, state: null, postal_code: null, country: null },
};

/** A provider-style id (`cus_local_…`); the `local` marks it as the ledger's, never Stripe's. */
const localId = (prefix: string) => `${prefix}_local_${randomUUID().replace(/-/g, '')}`;

function testCardOf(token: string): TestCard | undefined {
  const name = /^(?:tok_|pm_card_)(\w+)$/.exec(token)?.[1];
  return name !== undefined && Object.hasOwn(LEDGER_TEST_CARDS, name) ? LEDGER_TEST_CARDS[name] : undefined;
}

/** A stored card: the card object's columns, with billing details as stored (jsonb, possibly partial). */
const CARD_ROW = sqlRow(
  ledgerPaymentMethods,
  'id',
  'brand',
  'last4',
  'exp_month',
  'exp_year',
  'funding',
  'billing_details',
);

/** Billing details as stored: the provider's shape, any field possibly missing (the column's default is `{}`). */
const StoredBillingDetails = BillingDetailsSchema.extend({
  address: BillingDetailsSchema.shape.address.unwrap().partial().nullable(),
}).partial();

/**
 * A card's billing details as stored, every field present: the column's default (`{}`, a row
 * written without them) and any field missing read as null, as Stripe's card object has them.
 */
function billingDetailsOf(stored: unknown): BillingDetails {
  const details = StoredBillingDetails.parse(typeof stored === 'string' ? JSON.parse(stored) : (stored ?? {}));
  const address = details.address === null ? null : (details.address ?? {});
  return {
    name: details.name ?? null,
    email: details.email ?? null,
    phone: details.phone ?? null,
    address:
      address === null
        ? null
        : {
            line1: address.line1 ?? null,
            line2: address.line2 ?? null,
            city: address.city ?? null,
            state: address.state ?? null,
            postal_code: address.postal_code ?? null,
            country: address.country ?? null,
          },
  };
}

type StoredCard = Pick<
  LedgerPaymentMethodRecord,
  'id' | 'brand' | 'last4' | 'expMonth' | 'expYear' | 'funding' | 'billingDetails'
>;

const cardOf = (row: StoredCard): ProviderCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
  funding: row.funding,
  billing_details: billingDetailsOf(row.billingDetails),
});

const CARD_COLUMNS = {
  id: ledgerPaymentMethods.id,
  brand: ledgerPaymentMethods.brand,
  last4: ledgerPaymentMethods.last4,
  expMonth: ledgerPaymentMethods.expMonth,
  expYear: ledgerPaymentMethods.expYear,
  funding: ledgerPaymentMethods.funding,
  billingDetails: ledgerPaymentMethods.billingDetails,
};

async function customerCards(db: Db, customerId: string): Promise<ProviderCard[]> {
  const rows = await db
    .select(CARD_COLUMNS)
    .from(ledgerPaymentMethods)
    .where(and(eq(ledgerPaymentMethods.customerId, customerId), isNull(ledgerPaymentMethods.detachedAt)))
    .orderBy(asc(ledgerPaymentMethods.createdAt), asc(ledgerPaymentMethods.id));
  return rows.map(cardOf);
}

export function ledgerPaymentAccounts(db: Db, options: { now?: () => number } = {}): PaymentAccounts {
  const now = options.now ?? Date.now;

  async function sessionOf(sessionId: string): Promise<VerificationSession> {
    const [row] = await db
      .select({
        id: ledgerVerificationSessions.id,
        status: ledgerVerificationSessions.status,
        lastErrorReason: ledgerVerificationSessions.lastErrorReason,
      })
      .from(ledgerVerificationSessions)
      .where(eq(ledgerVerificationSessions.id, sessionId));
    if (!row) throw notFound('Verification session');
    const { status, failureReason } = identityStatusOf(row.status, row.lastErrorReason);
    return { id: row.id, status, url: null, failureReason };
  }

  return {
    name: 'ledger',

    async createCustomer({ userId, email }) {
      // One customer per user, whoever asks first: the unique user_id settles a race.
      await db.execute(
        sql`INSERT INTO ledger_customers (id, user_id, email) VALUES (${localId('cus')}, ${userId}, ${email})
            ON CONFLICT (user_id) DO NOTHING`,
      );
      const [row] = await db
        .select({ id: ledgerCustomers.id })
        .from(ledgerCustomers)
        .where(eq(ledgerCustomers.userId, userId));
      return row!.id;
    },

    async attachCard(customerId, token) {
      const card = testCardOf(token);
      if (!card) {
        const names = Object.keys(LEDGER_TEST_CARDS).map((name) => `tok_${name}`);
        throw badRequest(`body/token: the local payments ledger takes Stripe's test tokens (${names.join(', ')})`);
      }
      if (card.declined) throw new HttpError(402, card.declined);
      const saved = new Date(now());
      // INSERT … SELECT: the card is saved only for a customer that exists.
      const [row] = await readRows(
        db,
        CARD_ROW,
        sql`INSERT INTO ledger_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, funding, billing_details,
                                                charge_decline)
            SELECT ${localId('pm')}, id, ${card.brand}, ${card.last4}, ${saved.getUTCMonth() + 1},
                   ${saved.getUTCFullYear() + TEST_CARD_YEARS}, ${card.funding}, ${JSON.stringify(EMPTY_BILLING_DETAILS)}::jsonb,
                   ${card.chargeDecline ?? null}
            FROM ledger_customers WHERE id = ${customerId}
            RETURNING id, brand, last4, exp_month, exp_year, funding, billing_details`,
      );
      if (!row) throw notFound('Customer');
      return cardOf({
        ...row,
        expMonth: row.exp_month,
        expYear: row.exp_year,
        billingDetails: row.billing_details,
      });
    },

    async savedCards(customerId) {
      const [customer] = await db
        .select({ defaultId: ledgerCustomers.defaultPaymentMethodId })
        .from(ledgerCustomers)
        .where(eq(ledgerCustomers.id, customerId));
      if (!customer) throw notFound('Customer');
      return { cards: await customerCards(db, customerId), defaultId: customer.defaultId };
    },

    async setDefaultCard(customerId, cardId) {
      const [updated] = await db
        .update(ledgerCustomers)
        .set({ defaultPaymentMethodId: cardId })
        .where(
          and(
            eq(ledgerCustomers.id, customerId),
            exists(
              db
                .select({ one: sql`1` })
                .from(ledgerPaymentMethods)
                .where(
                  and(
                    eq(ledgerPaymentMethods.id, cardId),
                    eq(ledgerPaymentMethods.customerId, customerId),
                    isNull(ledgerPaymentMethods.detachedAt),
                  ),
                ),
            ),
          ),
        )
        .returning({ id: ledgerCustomers.id });
      if (!updated) throw notFound('Payment method');
    },

    async detachCard(customerId, cardId) {
      // The card and the customer's default change together, as Stripe clears a detached default.
      await db.transaction(async (tx) => {
        const [detached] = await tx
          .update(ledgerPaymentMethods)
          .set({ detachedAt: sql`now()` })
          .where(
            and(
              eq(ledgerPaymentMethods.id, cardId),
              eq(ledgerPaymentMethods.customerId, customerId),
              isNull(ledgerPaymentMethods.detachedAt),
            ),
          )
          .returning({ id: ledgerPaymentMethods.id });
        if (!detached) throw notFound('Payment method');
        await tx.execute(
          sql`UPDATE ledger_customers SET default_payment_method_id = NULL
              WHERE id = ${customerId} AND default_payment_method_id = ${cardId}`,
        );
      });
    },

    async startVerification({ userId, returnUrl }) {
      const id = localId('vs');
      await db.execute(sql`INSERT INTO ledger_verification_sessions (id, user_id) VALUES (${id}, ${userId})`);
      // No hosted document page here: the user "returns" at once and waits for the decision.
      return { id, status: 'Pending', url: returnUrl, failureReason: null };
    },

    verification: sessionOf,

    async createPayoutAccount({ userId, email }) {
      await db.execute(
        sql`INSERT INTO ledger_connected_accounts (id, user_id, email, requirements_due)
            VALUES (${localId('acct')}, ${userId}, ${email}, ${JSON.stringify(LEDGER_ONBOARDING_REQUIREMENTS)}::jsonb)
            ON CONFLICT (user_id) DO NOTHING`,
      );
      const [row] = await db
        .select({ id: ledgerConnectedAccounts.id })
        .from(ledgerConnectedAccounts)
        .where(eq(ledgerConnectedAccounts.userId, userId));
      return row!.id;
    },

    async payoutAccount(accountId): Promise<PayoutAccount> {
      const [row] = await db
        .select({
          id: ledgerConnectedAccounts.id,
          detailsSubmitted: ledgerConnectedAccounts.detailsSubmitted,
          chargesEnabled: ledgerConnectedAccounts.chargesEnabled,
          payoutsEnabled: ledgerConnectedAccounts.payoutsEnabled,
          requirementsDue: ledgerConnectedAccounts.requirementsDue,
        })
        .from(ledgerConnectedAccounts)
        .where(eq(ledgerConnectedAccounts.id, accountId));
      if (!row) throw notFound('Payout account');
      return row;
    },

    async onboardingLink(accountId, { returnUrl }) {
      const [row] = await db
        .select({ id: ledgerConnectedAccounts.id })
        .from(ledgerConnectedAccounts)
        .where(eq(ledgerConnectedAccounts.id, accountId));
      if (!row) throw notFound('Payout account');
      // No hosted onboarding here either: the link leads straight back to the app, and the account
      // is enabled by the onboarding decision.
      const url = new URL(returnUrl);
      url.searchParams.set('account', accountId);
      return { url: url.toString(), expiresAt: now() + ACCOUNT_LINK_TTL_MS };
    },

    localDecisions: {
      async decideVerification(sessionId, outcome) {
        const [row] = await db
          .update(ledgerVerificationSessions)
          .set(
            outcome.verified
              ? { status: 'verified', lastErrorReason: null, updatedAt: sql`now()` }
              : { status: 'requires_input', lastErrorReason: outcome.reason, updatedAt: sql`now()` },
          )
          .where(eq(ledgerVerificationSessions.id, sessionId))
          .returning({ id: ledgerVerificationSessions.id });
        if (!row) throw notFound('Verification session');
      },
      async decideOnboarding(accountId, outcome) {
        const completed = outcome === 'completed';
        const [row] = await db
          .update(ledgerConnectedAccounts)
          .set({
            detailsSubmitted: completed,
            chargesEnabled: completed,
            payoutsEnabled: completed,
            requirementsDue: completed ? [] : [...LEDGER_ONBOARDING_REQUIREMENTS],
            updatedAt: sql`now()`,
          })
          .where(eq(ledgerConnectedAccounts.id, accountId))
          .returning({ id: ledgerConnectedAccounts.id });
        if (!row) throw notFound('Payout account');
      },
    },
  };
}
