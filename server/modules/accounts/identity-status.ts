// A user's stripeIdentityStatus, as the User shape and the payment summaries show it: Verified
// once any session is, else the newest session's status (null when they never started one). The
// sessions are the payments module's (`identity_verifications`); the account reads the status
// here, below payments, so payments' own reads decide the same way (`DECISIVE_VERIFICATION_FIRST`).
import { sql } from 'drizzle-orm';
import type { IdentityStatus } from '../../../shared/contract/enums.js';
import type { Executor } from '../../platform/db/database.js';
import { identityVerifications } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

/** Orders a user's identity sessions with the one that says their status first. */
export const DECISIVE_VERIFICATION_FIRST = sql`(status = 'Verified') DESC, created_at DESC, id DESC`;

export async function identityStatusOfUser(db: Executor, userId: string): Promise<IdentityStatus | null> {
  const [row] = await readRows(
    db,
    sqlRow(identityVerifications, 'status'),
    sql`SELECT status FROM identity_verifications WHERE user_id = ${userId} ORDER BY ${DECISIVE_VERIFICATION_FIRST} LIMIT 1`,
  );
  return row?.status ?? null;
}
