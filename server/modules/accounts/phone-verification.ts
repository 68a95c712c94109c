// Changing the account's phone number: a one-time code goes to the new number by SMS, and the
// number becomes the account's (verified) only when the code comes back. The rules (expiry,
// resend cooldown, sends per hour, wrong guesses) are in rules/phone-code.ts.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { isViolationOf } from '../../platform/db/unique-violation.js';
import { isoOf } from '../../platform/db/values.js';
import {
  codeSendDecision,
  type CodeSends,
  nextCodeAllowedAt,
  PHONE_CODE_DIGITS,
  PHONE_CODE_TTL_MS,
  phoneCodeCheck,
} from './rules/phone-code.js';
import { maskedPhone } from '../../../shared/rules/us-phone.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { type SmsSender, SmsUnavailableError } from './sms.js';
import { accountOf } from './account.js';
import type { AccountUser, CodeSent } from '../../../shared/contract/market/accounts.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import { forgetCaller } from '../../platform/auth/market-users.js';
import { phoneVerifications, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

const VERIFICATION_ROW = sqlRow(
  phoneVerifications,
  'phone_number',
  'code_hash',
  'attempts',
  'sends',
  'sent_at',
  'expires_at',
  'created_at',
);
type VerificationRow = z.output<typeof VERIFICATION_ROW>;

const NO_PENDING = 'No phone number is waiting for a code; send one with POST /user/update-phone';
const ms = (value: Date | string) => new Date(value).getTime();

// The user id salts the hash, so equal codes of two users never share a stored value. Six digits
// are a small space: the hash keeps codes out of casual reads, the 10-minute life and the attempt
// limit are what protect them.
const hashOf = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

const sendsOf = (row: VerificationRow): CodeSends => ({
  windowStartedAt: ms(row.created_at),
  lastSentAt: ms(row.sent_at),
  sends: row.sends,
});

async function pendingVerification(tx: Executor, userId: string): Promise<VerificationRow | undefined> {
  const [row] = await readRows(
    tx,
    VERIFICATION_ROW,
    sql`SELECT phone_number, code_hash, attempts, sends, sent_at, expires_at, created_at
          FROM phone_verifications WHERE user_id = ${userId} FOR UPDATE`,
  );
  return row;
}

async function numberInUse(tx: Executor, phoneNumber: string, userId: string): Promise<boolean> {
  const [row] = await readRows(
    tx,
    z.object({ in_use: z.boolean() }),
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE phone_number = ${phoneNumber} AND phone_verified_at IS NOT NULL
          AND deleted_at IS NULL AND id <> ${userId}) AS in_use`,
  );
  return row!.in_use;
}

/**
 * Sends a new code to `phoneNumber` (E.164) if the send rules allow it, and records it in the
 * same transaction: a send the provider refuses leaves nothing behind (503), so the user may
 * simply try again.
 */
async function sendCode(
  deps: ServiceDeps,
  sms: SmsSender,
  userId: string,
  phoneNumber: string | null,
): Promise<CodeSent> {
  return deps.db.transaction(async (tx) => {
    // The user's row lock: two taps on "Send code" send one code.
    const [user] = await readRows(
      tx,
      sqlRow(users, 'phone_number', 'phone_verified_at'),
      sql`SELECT phone_number, phone_verified_at FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!user) throw notFound('User');
    const previous = await pendingVerification(tx, userId);
    const to = phoneNumber ?? previous?.phone_number;
    if (!to) throw conflict(NO_PENDING);
    if (user.phone_verified_at !== null && user.phone_number === to) {
      throw conflict('This number is already verified on your account');
    }
    if (await numberInUse(tx, to, userId)) throw conflict('This phone number is already in use');
    const now = nowOf(deps);
    const decision = codeSendDecision(previous ? sendsOf(previous) : null, now);
    if (!decision.allowed) throw new HttpError(429, decision.message);
    const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
    const expiresAt = new Date(now + PHONE_CODE_TTL_MS);
    await tx.execute(
      sql`INSERT INTO phone_verifications (user_id, phone_number, code_hash, attempts, sends, sent_at, expires_at, created_at)
          VALUES (${userId}, ${to}, ${hashOf(userId, code)}, 0, ${decision.next.sends}, ${new Date(now)},
                  ${expiresAt}, ${new Date(decision.next.windowStartedAt)})
          ON CONFLICT (user_id) DO UPDATE SET phone_number = EXCLUDED.phone_number, code_hash = EXCLUDED.code_hash,
            attempts = 0, sends = EXCLUDED.sends, sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at,
            created_at = EXCLUDED.created_at`,
    );
    try {
      await sms.send({ to, body: `Your marketplace verification code is ${code}. It expires in 10 minutes.` });
    } catch (error) {
      if (error instanceof SmsUnavailableError) throw new HttpError(503, error.message);
      // The provider failed (down, or refusing this send): a service this route needs is not
      // available, so 503 as the document says, in words for the user; a 5xx body carries no
      // internals (the error contract), so the provider's reason goes to the log as the cause.
      const failed = new HttpError(503, 'The code could not be sent by text message; try again in a moment');
      failed.cause = error;
      throw failed;
    }
    return {
      sentTo: maskedPhone(to),
      expiresAt: isoOf(expiresAt),
      resendAfter: isoOf(new Date(nextCodeAllowedAt(decision.next))),
    };
  });
}

/** POST /user/update-phone: a code to the new number; the account's number changes on verification. */
export const startPhoneChange = (deps: ServiceDeps, sms: SmsSender, userId: string, phoneNumber: string) =>
  sendCode(deps, sms, userId, phoneNumber);

/** POST /user/resend-phone-code: a new code (the old one stops working) to the number waiting. */
export const resendPhoneCode = (deps: ServiceDeps, sms: SmsSender, userId: string) => sendCode(deps, sms, userId, null);

type VerifyOutcome = { verified: AccountUser; firebaseId: string | null } | { refusal: HttpError };

/** POST /user/verify-phone-otp: the right code makes the number the account's, verified. */
export async function verifyPhoneCode(deps: ServiceDeps, userId: string, code: string): Promise<AccountUser> {
  let outcome: VerifyOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      const pending = await pendingVerification(tx, userId);
      if (!pending) throw conflict(NO_PENDING);
      const submitted = Buffer.from(hashOf(userId, code));
      const matches = timingSafeEqual(submitted, Buffer.from(pending.code_hash));
      const check = phoneCodeCheck(
        { expiresAt: ms(pending.expires_at), attempts: pending.attempts },
        nowOf(deps),
        matches,
      );
      switch (check.outcome) {
        case 'expired':
          throw conflict('The code has expired; ask for a new one');
        case 'exhausted':
          throw conflict('Too many wrong codes; ask for a new one');
        case 'wrong':
          // The attempt must count, so this commits and the refusal is thrown after.
          await tx.execute(sql`UPDATE phone_verifications SET attempts = attempts + 1 WHERE user_id = ${userId}`);
          return {
            refusal: badRequest(
              check.attemptsLeft > 0
                ? `The code is not correct; ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left`
                : 'The code is not correct; ask for a new one',
            ),
          };
        case 'verified': {
          if (await numberInUse(tx, pending.phone_number, userId)) {
            throw conflict('This phone number is already in use');
          }
          const [user] = await readRows(
            tx,
            sqlRow(users, 'firebase_id'),
            sql`UPDATE users SET phone_number = ${pending.phone_number}, country_code = 'US',
                       phone_verified_at = ${new Date(nowOf(deps))}, updated_at = now()
                 WHERE id = ${userId} AND deleted_at IS NULL RETURNING firebase_id`,
          );
          if (!user) throw notFound('User');
          await tx.execute(sql`DELETE FROM phone_verifications WHERE user_id = ${userId}`);
          return { verified: await accountOf(tx, userId), firebaseId: user.firebase_id };
        }
      }
    });
  } catch (error) {
    // Another account verified the same number in the same moment (users_verified_phone_key).
    if (isViolationOf(error, 'users_verified_phone_key')) throw conflict('This phone number is already in use');
    throw error;
  }
  if ('refusal' in outcome) throw outcome.refusal;
  forgetCaller(deps.db, outcome.firebaseId);
  return outcome.verified;
}
