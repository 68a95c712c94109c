// Closing one's own account (`DELETE /user/delete-account`) and a guest leaving
// (`DELETE /user/guest/{id}`): refused while others rely on the user, otherwise what goes with
// the account goes in one transaction.
import { accountClosing } from './hooks.js';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../../shared/contract/enums.js';
import { isTerminalOrderStatus } from '../../../shared/rules/order-transitions.js';
import type { IdentityProvider } from '../../platform/auth/identity.js';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { countValue, readRows } from '../../platform/db/sql-row.js';
import { accountDeletionBlockers, type OpenObligations } from './rules/account-deletion.js';
import { conflict, HttpError } from '../../platform/http/errors.js';
import { type LockedUser, lockedUser } from './account.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { forgetCaller } from '../../platform/auth/market-users.js';

/** The identity provider's side of a closed account: it can no longer sign in anywhere. */
export type AccountSwitch = Pick<IdentityProvider, 'disableAccount'>;

/** Statuses a sale never leaves: anything else still has a buyer or a parcel waiting. */
const FINAL_ORDER_STATUSES = ORDER_STATUSES.filter(isTerminalOrderStatus);

/** Each obligation's count(*). */
const OBLIGATIONS_ROW = z.object({
  runningAuctionsWithBids: countValue,
  ordersToShip: countValue,
  leadingBids: countValue,
  unpaidPurchases: countValue,
});

async function openObligations(tx: Executor, userId: string): Promise<OpenObligations> {
  const [row] = await readRows(
    tx,
    OBLIGATIONS_ROW,
    sql`SELECT
          (SELECT count(*) FROM listings l
            WHERE l.user_id = ${userId} AND l.deleted_at IS NULL AND l.status = 'active'
              AND (l.bid_count > 0 OR EXISTS (SELECT 1 FROM giveaway_entries e WHERE e.listing_id = l.id)))
            AS "runningAuctionsWithBids",
          (SELECT count(*) FROM orders
            WHERE seller_id = ${userId} AND deleted_at IS NULL
              AND status NOT IN (${sql.join(
                FINAL_ORDER_STATUSES.map((status) => sql`${status}`),
                sql`, `,
              )})) AS "ordersToShip",
          (SELECT count(*) FROM listings
            WHERE leader_id = ${userId} AND listing_type = 'auction' AND status = 'active' AND deleted_at IS NULL)
            AS "leadingBids",
          (SELECT count(*) FROM orders
            WHERE buyer_id = ${userId} AND deleted_at IS NULL AND status IN ('Pending', 'PAYMENT_FAILED'))
            AS "unpaidPurchases"`,
  );
  return {
    runningAuctionsWithBids: Number(row!.runningAuctionsWithBids),
    ordersToShip: Number(row!.ordersToShip),
    leadingBids: Number(row!.leadingBids),
    unpaidPurchases: Number(row!.unpaidPurchases),
  };
}

/**
 * Closes the caller's account when nobody relies on it any more (409 with every reason
 * otherwise). What goes with it, in the same transaction: their listings still on sale or in
 * draft, their entries in running giveaways (a closed account must not win), their pending
 * offers (made and received), devices and any phone code. Orders, ratings and messages stay,
 * as with an admin's deletion. Listing rooms hear that their listing changed.
 */
export async function closeAccount(
  deps: ServiceDeps,
  identity: AccountSwitch,
  userId: string,
  check?: (user: LockedUser) => void,
): Promise<void> {
  const firebaseId = await inUnitOfWork(deps, async (tx, outbox) => {
    const user = await lockedUser(tx, userId);
    check?.(user);
    // A bid or entry takes its listing's lock: holding the user's listings' locks before counting
    // means none arrives between the count and the take-down (it waits, then finds it deleted).
    await tx.execute(
      sql`SELECT id FROM listings WHERE user_id = ${userId} AND deleted_at IS NULL AND status IN ('active', 'draft')
          ORDER BY id FOR UPDATE`,
    );
    const blockers = accountDeletionBlockers(await openObligations(tx, userId));
    if (blockers.length > 0) throw conflict(`Your account cannot be closed yet: ${blockers.join('; ')}`);
    await accountClosing.fire(tx, outbox, { userId });
    await tx.execute(sql`DELETE FROM device_tokens WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM device_token_holders WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM phone_verifications WHERE user_id = ${userId}`);
    await tx.execute(sql`UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = ${userId}`);
    return user.firebase_id;
  });
  // Refused from the next request on, on this node at once; on other nodes the disabled
  // identity fails the token check (as for an admin's deletion).
  forgetCaller(deps.db, firebaseId);
  if (firebaseId) await identity.disableAccount(firebaseId);
}

/**
 * DELETE /user/guest/{id}: a guest leaves, like closing an account; only one's own, and only a
 * guest's (a registered account closes through DELETE /user/delete-account). The check runs
 * under the row lock, so a registration in between cannot be deleted as a guest.
 */
export async function deleteGuest(
  deps: ServiceDeps,
  identity: AccountSwitch,
  callerId: string,
  guestId: string,
): Promise<void> {
  if (guestId !== callerId) throw new HttpError(403, 'Only your own guest account can be deleted');
  await closeAccount(deps, identity, callerId, (user) => {
    if (!user.is_guest) {
      throw conflict('This account is not a guest account; close it with DELETE /user/delete-account');
    }
  });
}
