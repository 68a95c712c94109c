// The local ledger's payment accounts: the default when STRIPE_SECRET_KEY is absent. It keeps
// customers, cards, verification sessions and connected accounts in our database (ledger_*
// tables, migration 0007) and behaves like Stripe's test mode: cards come from Stripe's test
// token names (LEDGER_TEST_CARDS), and what Stripe would decide (a verification's outcome, a
// finished onboarding) an admin decides through `localDecisions`.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CardFunding } from '../../../shared/contract/market/payments.js';
import { queryRows, type Db, type Executor } from '../../platform/db/database.js';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.js';
import type {
  BillingDetails,
  PaymentAccounts,
  PayoutAccount,
  ProviderCard,
  VerificationSession,
} from './payment-accounts.js';
import { identityStatusOf } from './rules/verification-status.js';
import type {
  ledgerConnectedAccounts,
  ledgerPaymentMethods,
  ledgerVerificationSessions,
} from '../../platform/db/schema/index.js';
import type { SqlColumn, SqlRow } from '../../platform/db/sql-row.js';

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

/** A stored card: the card object's columns, with billing details as stored (possibly partial). */
type CardRow = SqlRow<typeof ledgerPaymentMethods, 'id' | 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'funding'> & {
  /** jsonb, untyped in the schema: the details as stored (possibly partial), or their text. */
  billing_details: StoredBillingDetails | string;
};

type StoredAddress = Partial<NonNullable<BillingDetails['address']>>;
type StoredBillingDetails = Partial<Omit<BillingDetails, 'address'>> & { address?: StoredAddress | null };

/**
 * A card's billing details as stored, every field present: the column's default (`{}`, a row
 * written without them) and any field missing read as null, as Stripe's card object has them.
 */
function billingDetailsOf(stored: StoredBillingDetails | string | null): BillingDetails {
  const details = (typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredBillingDetails | null;
  const address = details?.address === null ? null : (details?.address ?? {});
  return {
    name: details?.name ?? null,
    email: details?.email ?? null,
    phone: details?.phone ?? null,
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

const cardOf = (row: CardRow): ProviderCard => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
  funding: row.funding,
  billing_details: billingDetailsOf(row.billing_details),
});

type SessionRow = SqlRow<typeof ledgerVerificationSessions, 'id' | 'status' | 'last_error_reason'>;

type AccountRow = SqlRow<
  typeof ledgerConnectedAccounts,
  'id' | 'details_submitted' | 'charges_enabled' | 'payouts_enabled'
> & {
  /** jsonb: the parsed array, or its text where the driver leaves it unparsed. */
  requirements_due: SqlColumn<typeof ledgerConnectedAccounts, 'requirements_due'> | string;
};

async function customerCards(db: Executor, customerId: string): Promise<ProviderCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`SELECT id, brand, last4, exp_month, exp_year, funding, billing_details FROM ledger_payment_methods
        WHERE customer_id = ${customerId} AND detached_at IS NULL ORDER BY created_at, id`,
  );
  return rows.map(cardOf);
}

export function ledgerPaymentAccounts(db: Db, options: { now?: () => number } = {}): PaymentAccounts {
  const now = options.now ?? Date.now;

  async function sessionOf(sessionId: string): Promise<VerificationSession> {
    const [row] = await queryRows<SessionRow>(
      db,
      sql`SELECT id, status, last_error_reason FROM ledger_verification_sessions WHERE id = ${sessionId}`,
    );
    if (!row) throw notFound('Verification session');
    const { status, failureReason } = identityStatusOf(row.status, row.last_error_reason);
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
      const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM ledger_customers WHERE user_id = ${userId}`);
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
      const [row] = await queryRows<CardRow>(
        db,
        sql`INSERT INTO ledger_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, funding, billing_details,
                                                charge_decline)
            SELECT ${localId('pm')}, id, ${card.brand}, ${card.last4}, ${saved.getUTCMonth() + 1},
                   ${saved.getUTCFullYear() + TEST_CARD_YEARS}, ${card.funding}, ${JSON.stringify(EMPTY_BILLING_DETAILS)}::jsonb,
                   ${card.chargeDecline ?? null}
            FROM ledger_customers WHERE id = ${customerId}
            RETURNING id, brand, last4, exp_month, exp_year, funding, billing_details`,
      );
      if (!row) throw notFound('Customer');
      return cardOf(row);
    },

    async savedCards(customerId) {
      const [customer] = await queryRows<{ default_payment_method_id: string | null }>(
        db,
        sql`SELECT default_payment_method_id FROM ledger_customers WHERE id = ${customerId}`,
      );
      if (!customer) throw notFound('Customer');
      return { cards: await customerCards(db, customerId), defaultId: customer.default_payment_method_id };
    },

    async setDefaultCard(customerId, cardId) {
      const [updated] = await queryRows<{ id: string }>(
        db,
        sql`UPDATE ledger_customers SET default_payment_method_id = ${cardId}
            WHERE id = ${customerId} AND EXISTS (
              SELECT 1 FROM ledger_payment_methods
              WHERE id = ${cardId} AND customer_id = ${customerId} AND detached_at IS NULL)
            RETURNING id`,
      );
      if (!updated) throw notFound('Payment method');
    },

    async detachCard(customerId, cardId) {
      // The card and the customer's default change together, as Stripe clears a detached default.
      await db.transaction(async (tx) => {
        const [detached] = await queryRows<{ id: string }>(
          tx,
          sql`UPDATE ledger_payment_methods SET detached_at = now()
              WHERE id = ${cardId} AND customer_id = ${customerId} AND detached_at IS NULL RETURNING id`,
        );
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
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM ledger_connected_accounts WHERE user_id = ${userId}`,
      );
      return row!.id;
    },

    async payoutAccount(accountId): Promise<PayoutAccount> {
      const [row] = await queryRows<AccountRow>(
        db,
        sql`SELECT id, details_submitted, charges_enabled, payouts_enabled, requirements_due
            FROM ledger_connected_accounts WHERE id = ${accountId}`,
      );
      if (!row) throw notFound('Payout account');
      return {
        id: row.id,
        detailsSubmitted: row.details_submitted,
        chargesEnabled: row.charges_enabled,
        payoutsEnabled: row.payouts_enabled,
        requirementsDue:
          typeof row.requirements_due === 'string' ? JSON.parse(row.requirements_due) : row.requirements_due,
      };
    },

    async onboardingLink(accountId, { returnUrl }) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM ledger_connected_accounts WHERE id = ${accountId}`,
      );
      if (!row) throw notFound('Payout account');
      // No hosted onboarding here either: the link leads straight back to the app, and the account
      // is enabled by the onboarding decision.
      const url = new URL(returnUrl);
      url.searchParams.set('account', accountId);
      return { url: url.toString(), expiresAt: now() + ACCOUNT_LINK_TTL_MS };
    },

    localDecisions: {
      async decideVerification(sessionId, outcome) {
        const [row] = await queryRows<{ id: string }>(
          db,
          outcome.verified
            ? sql`UPDATE ledger_verification_sessions SET status = 'verified', last_error_reason = NULL, updated_at = now()
                  WHERE id = ${sessionId} RETURNING id`
            : sql`UPDATE ledger_verification_sessions SET status = 'requires_input', last_error_reason = ${outcome.reason},
                         updated_at = now()
                  WHERE id = ${sessionId} RETURNING id`,
        );
        if (!row) throw notFound('Verification session');
      },
      async decideOnboarding(accountId, outcome) {
        const completed = outcome === 'completed';
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`UPDATE ledger_connected_accounts
              SET details_submitted = ${completed}, charges_enabled = ${completed}, payouts_enabled = ${completed},
                  requirements_due = ${JSON.stringify(completed ? [] : LEDGER_ONBOARDING_REQUIREMENTS)}::jsonb,
                  updated_at = now()
              WHERE id = ${accountId} RETURNING id`,
        );
        if (!row) throw notFound('Payout account');
      },
    },
  };
}
