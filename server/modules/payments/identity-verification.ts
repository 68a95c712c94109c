// Identity verification (`/payments/stripe/verification-session`): a session at the provider,
// recorded in identity_verifications as Pending; its result comes back by asking the provider
// (every read of a Pending session does), and on the local ledger an admin decides it in the
// provider's place. The user's stripeIdentityStatus is Verified once any session is, else their
// newest session's status (null when they never started one).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { IdentityStatus } from '../../../shared/contract/enums.js';
import type { IdentityVerification } from '../../../shared/contract/market/payments.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { VerificationSession } from './payment-accounts.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from './ports.js';
import { identityVerifications } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { DECISIVE_VERIFICATION_FIRST } from '../accounts/index.js';

const VERIFICATION_ROW = sqlRow(
  identityVerifications,
  'id',
  'user_id',
  'status',
  'failure_reason',
  'created_at',
  'updated_at',
);
type VerificationRow = z.output<typeof VERIFICATION_ROW>;

type Verification = z.output<typeof IdentityVerification>;

const verificationOf = (row: VerificationRow, url: string | null = null): Verification => ({
  id: row.id,
  status: row.status,
  failureReason: row.failure_reason,
  /** Where to send the user to submit their documents: only in the answer that started the session. */
  url,
  createdAt: isoOf(row.created_at),
  updatedAt: isoOf(row.updated_at),
});

/** The session that says the user's status: a verified one, else the newest. */
async function decisiveVerification(db: Executor, userId: string): Promise<VerificationRow | undefined> {
  const [row] = await readRows(
    db,
    VERIFICATION_ROW,
    sql`SELECT id, user_id, status, failure_reason, created_at, updated_at FROM identity_verifications
        WHERE user_id = ${userId} ORDER BY ${DECISIVE_VERIFICATION_FIRST} LIMIT 1`,
  );
  return row;
}

/** Records what the provider now says of a session. A verified session stays verified. */
async function recordOutcome(
  db: Executor,
  row: VerificationRow,
  session: VerificationSession,
): Promise<VerificationRow> {
  if (row.status === 'Verified' || (session.status === row.status && session.failureReason === row.failure_reason)) {
    return row;
  }
  const [updated] = await readRows(
    db,
    VERIFICATION_ROW,
    sql`UPDATE identity_verifications SET status = ${session.status}, failure_reason = ${session.failureReason},
               updated_at = now()
        WHERE id = ${row.id} AND status <> 'Verified'
        RETURNING id, user_id, status, failure_reason, created_at, updated_at`,
  );
  return updated ?? row;
}

/** Starts a verification: Pending, with the provider's page to send the user to. */
export async function startIdentityVerification(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
  returnUrl: string | null,
): Promise<Verification> {
  const current = await decisiveVerification(deps.db, userId);
  if (current?.status === 'Verified') throw conflict('Your identity is already verified');
  const session = await deps.paymentAccounts.startVerification({ userId, returnUrl });
  const [row] = await readRows(
    deps.db,
    VERIFICATION_ROW,
    sql`INSERT INTO identity_verifications (id, user_id, status) VALUES (${session.id}, ${userId}, 'Pending')
        RETURNING id, user_id, status, failure_reason, created_at, updated_at`,
  );
  return verificationOf(row!, session.url);
}

/** The user's deciding session, its result asked of the provider while it is Pending. */
export async function identityVerificationOf(deps: ServiceDeps<PaymentPorts>, userId: string): Promise<Verification> {
  const row = await decisiveVerification(deps.db, userId);
  if (!row) throw notFound('Identity verification');
  if (row.status !== 'Pending') return verificationOf(row);
  const session = await deps.paymentAccounts.verification(row.id);
  return verificationOf(await recordOutcome(deps.db, row, session));
}

/**
 * The local ledger's reviewer decides a session (an admin, in the provider's place) and the
 * result is recorded at once, as a provider's webhook would deliver it.
 */
export async function decideIdentityVerification(
  deps: ServiceDeps<PaymentPorts>,
  sessionId: string,
  outcome: { verified: true } | { verified: false; reason: string },
): Promise<Verification> {
  const accounts = deps.paymentAccounts;
  if (!accounts.localDecisions) {
    throw conflict('Stripe decides identity verifications here; the result is read back from Stripe');
  }
  const [row] = await readRows(
    deps.db,
    VERIFICATION_ROW,
    sql`SELECT id, user_id, status, failure_reason, created_at, updated_at FROM identity_verifications
        WHERE id = ${sessionId}`,
  );
  if (!row) throw notFound('Identity verification');
  if (row.status === 'Verified') throw conflict('This identity verification is already Verified');
  await accounts.localDecisions.decideVerification(sessionId, outcome);
  return verificationOf(await recordOutcome(deps.db, row, await accounts.verification(sessionId)));
}

/**
 * Records a decision the provider sent (Stripe's webhook), in the caller's transaction. A session
 * we never started is not ours to record: false. A verified session stays verified.
 */
export async function recordIdentityDecision(
  db: Executor,
  sessionId: string,
  outcome: { status: IdentityStatus; failureReason: string | null },
): Promise<boolean> {
  const [row] = await readRows(
    db,
    VERIFICATION_ROW,
    sql`SELECT id, user_id, status, failure_reason, created_at, updated_at FROM identity_verifications
        WHERE id = ${sessionId} FOR UPDATE`,
  );
  if (!row) return false;
  await recordOutcome(db, row, { id: sessionId, url: null, ...outcome });
  return true;
}
