// Who else may be the same person: other users sharing an address (trimmed, any case), a phone
// (on the account or an address), a card (the local ledger keeps no provider fingerprint: brand,
// last 4 and expiry stand for it), a payout account or a device token, one hop away. The back
// office's picture of a user lists them; auction integrity weighs a bidder linked to the seller.
import { sql, type SQL } from 'drizzle-orm';

/** The users linked to `userId`, as a query of `(id, via)` rows (`via` a LINK_KINDS value), one per link. */
export const linkedAccountsOf = (userId: string): SQL => sql`
  SELECT DISTINCT other.user_id AS id, 'address' AS via
    FROM addresses mine JOIN addresses other
      ON lower(btrim(other.address_line_one)) = lower(btrim(mine.address_line_one))
     AND other.zip_code = mine.zip_code AND other.user_id <> mine.user_id
   WHERE mine.user_id = ${userId}
  UNION
  SELECT other.id, 'phone' FROM users mine JOIN users other
      ON other.phone_number = mine.phone_number AND other.id <> mine.id
   WHERE mine.id = ${userId} AND mine.phone_number IS NOT NULL
  UNION
  SELECT other.user_id, 'phone' FROM addresses mine JOIN addresses other
      ON other.phone_number = mine.phone_number AND other.user_id <> mine.user_id
   WHERE mine.user_id = ${userId} AND mine.phone_number IS NOT NULL
  UNION
  SELECT oc.user_id, 'cardFingerprint'
    FROM ledger_customers mc JOIN ledger_payment_methods mp ON mp.customer_id = mc.id
    JOIN ledger_payment_methods op ON op.brand = mp.brand AND op.last4 = mp.last4
     AND op.exp_month = mp.exp_month AND op.exp_year = mp.exp_year AND op.customer_id <> mp.customer_id
    JOIN ledger_customers oc ON oc.id = op.customer_id
   WHERE mc.user_id = ${userId}
  UNION
  SELECT other.id, 'payoutAccount' FROM users mine JOIN users other
      ON other.stripe_user_id = mine.stripe_user_id AND other.id <> mine.id
   WHERE mine.id = ${userId} AND mine.stripe_user_id IS NOT NULL
  UNION
  SELECT other.user_id, 'deviceToken' FROM device_tokens mine JOIN device_tokens other
      ON other.token = mine.token AND other.user_id <> mine.user_id
   WHERE mine.user_id = ${userId}`;
