// `POST /admin/blocks/preview`: what a block would touch if it were saved now, so the dialog can
// say which accounts it catches and what they hold (a live auction frozen, payouts pending) before
// the admin confirms. The accounts are found the way the book matches them (block-book.ts), but
// in SQL over every account: each kind is an index lookup (a domain through its reversed text, an
// IP range through a GiST index over the sign-in IPs: migration 0110).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { BLOCK_PREVIEW_SAMPLE_MAX, type BlockKind, type BlockPreview } from '../../../shared/contract/blocks.js';
import type { Executor } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import { summedEnforcementImpact } from '../accounts/index.js';

/** The live accounts a block of `kind` on the stored `value` matches, as a query of `id` rows. */
export function accountsMatching(kind: BlockKind, value: string): SQL {
  switch (kind) {
    case 'emailDomain': {
      // The domain or any subdomain of it, through the reversed domain's index (migration 0110):
      // an equality or a prefix. Domains are letters, digits, dots and dashes (block-values.ts):
      // nothing LIKE would read as a wildcard.
      const reversed = [...value].reverse().join('');
      return sql`SELECT id FROM users
                 WHERE deleted_at IS NULL
                   AND (reverse(lower(split_part(email, '@', -1))) = ${reversed}
                        OR reverse(lower(split_part(email, '@', -1))) LIKE ${`${reversed}.%`})`;
    }
    case 'canonicalEmail':
      // Live accounts only, as the expression's index is (migration 0050).
      return sql`SELECT id FROM users WHERE canonical_email(email) = ${value} AND deleted_at IS NULL`;
    case 'phone':
      return sql`SELECT id FROM users WHERE phone_number = ${value}`;
    case 'payoutAccount':
      return sql`SELECT id FROM users WHERE stripe_user_id = ${value}`;
    case 'deviceToken':
      return sql`SELECT DISTINCT user_id AS id FROM device_token_holders WHERE token = ${value}`;
    case 'cardFingerprint': {
      const [brand = '', last4 = '', expiry = ''] = value.split(':');
      const [month, year] = expiry.split('/').map(Number);
      return sql`SELECT DISTINCT c.user_id AS id FROM ledger_payment_methods pm
                   JOIN ledger_customers c ON c.id = pm.customer_id
                 WHERE pm.last4 = ${last4} AND lower(pm.brand) = ${brand} AND pm.exp_month = ${month}
                   AND pm.exp_year = ${year} AND pm.detached_at IS NULL`;
    }
    case 'ipRange':
      return sql`SELECT DISTINCT user_id AS id FROM sign_in_ips WHERE ip::inet <<= ${value}::inet`;
  }
}

const Matched = z.object({ id: z.string(), user_name: z.string().nullable() });

export async function blockPreview(db: Executor, kind: BlockKind, value: string): Promise<BlockPreview> {
  const accounts = await readRows(
    db,
    Matched,
    sql`SELECT u.id, u.user_name FROM users u
        WHERE u.id IN (${accountsMatching(kind, value)}) AND u.deleted_at IS NULL
        ORDER BY u.created_at DESC, u.id`,
  );
  const impact = await summedEnforcementImpact(
    db,
    accounts.map((account) => account.id),
  );
  return {
    accounts: accounts.length,
    sample: accounts
      .slice(0, BLOCK_PREVIEW_SAMPLE_MAX)
      .map((account) => ({ id: account.id, userName: account.user_name })),
    activeListings: impact.activeListings,
    liveAuctionsLed: impact.liveAuctions,
    leadingBids: impact.leadingBids,
    openOrders: impact.openOrdersAsBuyer + impact.openOrdersAsSeller,
    pendingPayoutCents: impact.pendingPayoutCents,
  };
}
