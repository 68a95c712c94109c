// What the user row keeps about money, written for the areas that move it: the provider ids the
// payments module creates (a customer, a payout account), and the totals and payment-failed
// strikes an order's payment adds. The accounts module owns `users`; the others call these.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn } from '../../platform/db/sql-row.js';

/**
 * Stores the provider id just created for the user (customer or payout account) in one statement,
 * only over the id read before it was created; null when another request stored one first.
 */
export async function storeProviderId(
  db: Executor,
  userId: string,
  column: 'stripe_customer_id' | 'stripe_user_id',
  created: string,
  readBefore: string | null,
): Promise<string | null> {
  const name = sql.raw(column);
  const [stored] = await readRows(
    db,
    z.object({ stored: sqlColumn(users, column) }),
    sql`UPDATE users SET ${name} = ${created}, updated_at = now()
        WHERE id = ${userId} AND ${name} IS NOT DISTINCT FROM ${readBefore}
        RETURNING ${name} AS stored`,
  );
  return stored ? stored.stored : null;
}

/*
 * The payment's own statement (orders/orders.ts) settles the order, its transactions and these
 * totals in one round trip under the users' locks, so these are statements to run inside it.
 */

/** The buyer spent `cents` more. */
export const addSpend = (userId: string, cents: number): SQL =>
  sql`UPDATE users SET amount_spent_cents = amount_spent_cents + ${cents} WHERE id = ${userId}`;

/** The seller sold for `cents` more. */
export const addSales = (userId: string, cents: number): SQL =>
  sql`UPDATE users SET amount_sold_cents = amount_sold_cents + ${cents} WHERE id = ${userId}`;

/** One more payment-failed strike for the buyer, when `when` holds. */
export const addPaymentFailedStrike = (userId: string, when: boolean): SQL =>
  sql`UPDATE users SET payment_failed_strikes = payment_failed_strikes + 1, updated_at = now()
        WHERE id = ${userId} AND ${when}`;
