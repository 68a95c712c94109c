// A seller's payout (connected) account (`/payments/stripe/connected`, `/account-link`,
// `/user/stirpe/{id}`): created at the provider on first need (its id in users.stripe_user_id),
// onboarded through the provider's link, and reported as the provider sees it now.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OnboardingLink,
  PayoutAccount as PayoutAccountSchema,
  PayoutReadinessOfUser,
} from '../../../shared/contract/market/payments.js';
import { payoutReadinessOf } from '../../../shared/rules/payout-readiness.js';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { PayoutAccount } from './payment-accounts.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from './ports.js';
import { storeProviderId } from '../accounts/index.js';
import { isUnknownToProvider } from './payment-methods.js';

const PAYEE_ROW = sqlRow(users, 'email', 'seller_enabled', 'stripe_user_id');

async function payeeOf(db: Executor, userId: string) {
  const [row] = await readRows(
    db,
    PAYEE_ROW,
    sql`SELECT email, seller_enabled, stripe_user_id FROM users WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if (!row) throw notFound('User');
  return row;
}

/** The account the provider knows under this id, or null when it knows none (a seeded or other provider's id). */
async function knownAccount(deps: ServiceDeps<PaymentPorts>, accountId: string | null): Promise<PayoutAccount | null> {
  if (accountId === null) return null;
  try {
    return await deps.paymentAccounts.payoutAccount(accountId);
  } catch (error) {
    if (isUnknownToProvider(error)) return null;
    throw error;
  }
}

/** The payout account as its owner reads it. */
export type PayoutAccountView = z.output<typeof PayoutAccountSchema>;

const payoutAccountView = (account: PayoutAccount, sellerEnabled: boolean): PayoutAccountView => ({
  stripeUserId: account.id,
  detailsSubmitted: account.detailsSubmitted,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  requirementsDue: account.requirementsDue,
  ...payoutReadinessOf({ sellerEnabled, account }),
});

/**
 * The user's payout account, created when they have none the provider knows. One statement
 * stores the id, only over the one it replaces, so two requests at once keep one account.
 */
export async function openPayoutAccount(deps: ServiceDeps<PaymentPorts>, userId: string) {
  const payee = await payeeOf(deps.db, userId);
  const existing = await knownAccount(deps, payee.stripe_user_id);
  if (existing) return { created: false, account: payoutAccountView(existing, payee.seller_enabled) };
  const accounts = deps.paymentAccounts;
  const createdId = await accounts.createPayoutAccount({ userId, email: payee.email });
  const stored = await storeProviderId(deps.db, userId, 'stripe_user_id', createdId, payee.stripe_user_id);
  const accountId = stored ?? (await payeeOf(deps.db, userId)).stripe_user_id!;
  return {
    created: stored !== null,
    account: payoutAccountView(await accounts.payoutAccount(accountId), payee.seller_enabled),
  };
}

/** The user's payout account as the provider reports it now, or null when they have none it knows. */
export async function payoutAccountOrNone(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
): Promise<PayoutAccountView | null> {
  const payee = await payeeOf(deps.db, userId);
  const account = await knownAccount(deps, payee.stripe_user_id);
  return account ? payoutAccountView(account, payee.seller_enabled) : null;
}

/** The caller's payout account; 404 when they have none. */
export async function payoutAccountOf(deps: ServiceDeps<PaymentPorts>, userId: string): Promise<PayoutAccountView> {
  const account = await payoutAccountOrNone(deps, userId);
  if (!account) throw notFound('Payout account');
  return account;
}

/** A fresh onboarding link for the caller's payout account (created first when missing). */
export async function onboardingLinkFor(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<z.output<typeof OnboardingLink>> {
  const { account } = await openPayoutAccount(deps, userId);
  const link = await deps.paymentAccounts.onboardingLink(account.stripeUserId, urls);
  return { stripeUserId: account.stripeUserId, url: link.url, expiresAt: isoOf(new Date(link.expiresAt)) };
}

/** What anyone may know of a user's payout account: whether they can be paid and sell, no ids. */
export async function payoutReadinessOfUser(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
): Promise<z.output<typeof PayoutReadinessOfUser>> {
  const payee = await payeeOf(deps.db, userId);
  const account = await knownAccount(deps, payee.stripe_user_id);
  return {
    userId,
    sellerEnabled: payee.seller_enabled,
    ...payoutReadinessOf({ sellerEnabled: payee.seller_enabled, account }),
  };
}

/** The local ledger's onboarding, decided by an admin in the provider's place. */
export async function decideOnboarding(
  deps: ServiceDeps<PaymentPorts>,
  accountId: string,
  outcome: 'completed' | 'incomplete',
): Promise<PayoutAccountView> {
  const accounts = deps.paymentAccounts;
  if (!accounts.localDecisions) {
    throw conflict('Stripe runs onboarding here; the account is read back from Stripe');
  }
  const [payee] = await readRows(
    deps.db,
    sqlRow(users, 'seller_enabled'),
    sql`SELECT seller_enabled FROM users WHERE stripe_user_id = ${accountId} AND deleted_at IS NULL`,
  );
  if (!payee) throw notFound('Payout account');
  await accounts.localDecisions.decideOnboarding(accountId, outcome);
  return payoutAccountView(await accounts.payoutAccount(accountId), payee.seller_enabled);
}
