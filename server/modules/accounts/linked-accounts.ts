// Who else may be the same person: the one place links are computed. A link is a shared hard
// identifier: an address (the same first line, trimmed, any case, and ZIP), a phone (on the
// account or on an address), a card (the local ledger keeps no provider fingerprint: brand,
// last 4 and expiry stand for it), a payout account, a device token (any two accounts that ever
// registered it: `device_token_holders`, as the token itself moves to whoever signed in last), or
// the same canonical email (rules/canonical-email.ts, `canonical_email` in SQL). The back
// office's picture of a user lists one hop of them, auction integrity weighs a bidder linked to
// the seller, and a ring (trust-safety) walks them hop by hop, all hops in one recursive
// statement. Every hop is an index lookup per account (migration 0050).
// The card link reads the payment ledger's tables: payments sits above accounts, so this read
// is accounts' own (ARCHITECTURE.md, "Reads across areas").
import { sql, type SQL } from 'drizzle-orm';

/** Whether the account in `column` is one of those the links are read from. */
type IsMine = (column: string) => SQL;

/**
 * Every link from one of the accounts `isMine` accepts to another account (live or not: the
 * reader joins `users`), as a query of `(from_id, id, via)` rows, `via` a LINK_KINDS value, one
 * per account and kind.
 */
const linksFrom = (isMine: IsMine): SQL => sql`
  SELECT DISTINCT mine.user_id AS from_id, other.user_id AS id, 'address' AS via
    FROM addresses mine JOIN addresses other
      ON lower(btrim(other.address_line_one)) = lower(btrim(mine.address_line_one))
     AND other.zip_code = mine.zip_code AND other.user_id <> mine.user_id
   WHERE ${isMine('mine.user_id')}
  UNION
  SELECT mine.id, other.id, 'phone' FROM users mine JOIN users other
      ON other.phone_number = mine.phone_number AND other.id <> mine.id AND other.phone_number IS NOT NULL
   WHERE ${isMine('mine.id')} AND mine.phone_number IS NOT NULL
  UNION
  SELECT mine.user_id, other.user_id, 'phone' FROM addresses mine JOIN addresses other
      ON other.phone_number = mine.phone_number AND other.user_id <> mine.user_id AND other.phone_number IS NOT NULL
   WHERE ${isMine('mine.user_id')} AND mine.phone_number IS NOT NULL
  UNION
  SELECT mc.user_id, oc.user_id, 'cardFingerprint'
    FROM ledger_customers mc JOIN ledger_payment_methods mp ON mp.customer_id = mc.id
    JOIN ledger_payment_methods op ON op.last4 = mp.last4 AND op.brand = mp.brand
     AND op.exp_month = mp.exp_month AND op.exp_year = mp.exp_year AND op.customer_id <> mp.customer_id
    JOIN ledger_customers oc ON oc.id = op.customer_id
   WHERE ${isMine('mc.user_id')}
  UNION
  SELECT mine.id, other.id, 'payoutAccount' FROM users mine JOIN users other
      ON other.stripe_user_id = mine.stripe_user_id AND other.id <> mine.id AND other.stripe_user_id IS NOT NULL
   WHERE ${isMine('mine.id')} AND mine.stripe_user_id IS NOT NULL
  UNION
  SELECT mine.user_id, other.user_id, 'deviceToken' FROM device_token_holders mine JOIN device_token_holders other
      ON other.token = mine.token AND other.user_id <> mine.user_id
   WHERE ${isMine('mine.user_id')}
  UNION
  SELECT mine.id, other.id, 'email' FROM users mine JOIN users other
      ON canonical_email(other.email) = canonical_email(mine.email) AND other.id <> mine.id
     AND other.deleted_at IS NULL
   WHERE ${isMine('mine.id')}`;

/** The users linked to `userId`, as a query of `(id, via)` rows (`via` a LINK_KINDS value), one per link. */
export const linkedAccountsOf = (userId: string): SQL =>
  sql`SELECT id, via FROM (${linksFrom((column) => sql`${sql.raw(column)} = ${userId}`)}) links`;

/**
 * One hop of a ring, to compose into a statement (trust-safety walks every hop of a ring in one
 * recursive statement): the links from any account of the `text[]` expression `frontier` to a
 * live account, as a query of `(from_id, id, via)` rows.
 */
export const linksFromAny = (frontier: SQL): SQL =>
  sql`SELECT links.from_id, links.id, links.via
      FROM (${linksFrom((column) => sql`${sql.raw(column)} = ANY(${frontier})`)}) links
      JOIN users u ON u.id = links.id AND u.deleted_at IS NULL`;
