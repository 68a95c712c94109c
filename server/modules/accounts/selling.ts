// Who may sell right now: the one guard of every path that puts something on sale or sells it.
// A user sells only while `seller_enabled` is true (an admin's "Enable / Disable Seller", or an
// approved seller request; seller-requests.ts says where the caller stands). Creating a live
// listing (alone or in bulk), publishing a draft (alone or in bulk) and accepting an offer are
// refused otherwise, with 403 `code: sellingSuspended`. Saving a draft is not selling, and an
// auction already running when selling is turned off finishes normally (the closer never asks).
// An admin's enforcement (enforcement.ts) refuses the same way: a selling suspension with
// `sellingSuspended`, a suspended or banned account with 403 `accountSuspended`.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { HttpError } from '../../platform/http/errors.js';
import { accountSuspended } from '../../platform/auth/market-users.js';

export const SELLING_SUSPENDED_MESSAGE =
  'Selling is not enabled for your account: you cannot list, publish or accept offers. ' +
  'Send a seller request, or contact support if an admin turned selling off.';

export const SELLING_SUSPENDED_BY_ADMIN_MESSAGE =
  'Selling is suspended on your account: you cannot list, publish or accept offers. Contact support for details.';

/**
 * The refusal the user's selling meets now (403 `sellingSuspended`, or 403 for a deleted
 * account), or null when they may sell. Inside a transaction, call it first, before any listing
 * or offer row is locked: it takes the user's row `FOR KEY SHARE`, which waits for an admin's
 * change of the flag (that holds the row `FOR UPDATE`), so a "Disable Seller" and a publish
 * racing it are ordered, and the user's row comes before listing and offer rows, as everywhere
 * else (closing an account locks them in that order too). A path that names a row by id throws
 * the refusal once the row is known to be the caller's, so another's id still answers 404.
 */
/** Whether the user may sell now: the flag, and each suspension compared with now() (null when none). */
const SELLER_STATE_ROW = sqlRow(users, 'seller_enabled').extend({
  suspended: z.boolean().nullable(),
  selling_suspended: z.boolean().nullable(),
});

export async function sellingRefusal(executor: Executor, userId: string): Promise<HttpError | null> {
  // An enforcement holds the row FOR UPDATE too (enforcement.ts): a suspension and a publish
  // racing it are ordered the same way, and both instants are compared with now(), so a
  // suspension with an end date ends by itself.
  const [user] = await readRows(
    executor,
    SELLER_STATE_ROW,
    sql`SELECT seller_enabled, suspended_until > now() AS suspended, selling_suspended_until > now() AS selling_suspended
        FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR KEY SHARE`,
  );
  if (!user) return new HttpError(403, 'This account was deleted');
  if (user.suspended) return accountSuspended();
  if (user.selling_suspended) return new HttpError(403, SELLING_SUSPENDED_BY_ADMIN_MESSAGE, 'sellingSuspended');
  return user.seller_enabled ? null : new HttpError(403, SELLING_SUSPENDED_MESSAGE, 'sellingSuspended');
}

/** `sellingRefusal`, thrown: for a path with nothing to look up first (creating listings). */
export async function assertMaySell(executor: Executor, userId: string): Promise<void> {
  const refusal = await sellingRefusal(executor, userId);
  if (refusal) throw refusal;
}
