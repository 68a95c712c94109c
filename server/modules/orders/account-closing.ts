// A closing account's pending offers, made or received, expire in the closing transaction (the
// accounts module's `accountClosing`).
import { sql } from 'drizzle-orm';
import { accountClosing } from '../accounts/index.js';

accountClosing.subscribe(async (tx, _outbox, { userId }) => {
  await tx.execute(
    sql`UPDATE offers SET status = 'EXPIRED', updated_at = now()
         WHERE status = 'PENDING'
           AND (buyer_id = ${userId} OR listing_id IN (SELECT id FROM listings WHERE user_id = ${userId}))`,
  );
});
