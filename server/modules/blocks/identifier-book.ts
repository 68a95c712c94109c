// This node's memory of the identifiers each checked account is known by (email, phone, cards,
// payout account, device tokens, sign-up and sign-in IPs), so a block check on the bid path reads
// no table. Kept warm, never read on the request path while warm: an account's identifiers older
// than REFRESH_AFTER_MS are read again in the background, together with every other account due
// in one query; only ones older than STALE_AFTER_MS (an account idle for a while) are waited for.
// So an identifier written on another node counts here within STALE_AFTER_MS, like a block does;
// one written through this node counts at the next check (`forget`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { idArray } from '../../platform/db/list-sql.js';
import { readRows } from '../../platform/db/sql-row.js';
import { NO_IDENTIFIERS, type AccountIdentifiers } from './rules/block-matcher.js';

/** An account's identifiers this old are read again in the background at its next check. */
export const REFRESH_AFTER_MS = 1_000;
/** An account's identifiers this old are read again before its check answers. */
export const STALE_AFTER_MS = 4_000;
/** Past this many accounts the memory starts over (a node sees far fewer in a few seconds). */
const KEPT_MAX = 100_000;

const texts = z
  .array(z.string())
  .nullable()
  .transform((values) => values ?? []);
const IdentifiersRow = z.object({
  id: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  stripe_user_id: z.string().nullable(),
  cards: texts,
  devices: texts,
  ips: texts,
});

/** Every identifier of the accounts (DECISIONS "Blocks"), in the forms blocks store. */
const identifiersQuery = (userIds: readonly string[]) => sql`
  SELECT u.id, u.email, u.phone_number, u.stripe_user_id,
         (SELECT array_agg(DISTINCT lower(pm.brand) || ':' || pm.last4 || ':' || lpad(pm.exp_month::text, 2, '0') || '/' || pm.exp_year)
            FROM ledger_customers c JOIN ledger_payment_methods pm ON pm.customer_id = c.id
           WHERE c.user_id = u.id AND pm.detached_at IS NULL) AS cards,
         (SELECT array_agg(token) FROM device_token_holders WHERE user_id = u.id) AS devices,
         (SELECT array_agg(DISTINCT ip) FROM sign_in_ips WHERE user_id = u.id) AS ips
    FROM users u WHERE u.id = ANY(${idArray(userIds)})`;

/** The identifiers of each account found (an unknown id is left out). */
export async function identifiersOfAccounts(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, AccountIdentifiers>> {
  const rows = userIds.length === 0 ? [] : await readRows(db, IdentifiersRow, identifiersQuery(userIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        emails: [row.email],
        phones: row.phone_number ? [row.phone_number] : [],
        cards: row.cards,
        payoutAccounts: row.stripe_user_id ? [row.stripe_user_id] : [],
        deviceTokens: row.devices,
        ips: row.ips,
      },
    ]),
  );
}

/** One account's identifiers as last read, and when. */
export interface KnownAccount {
  readonly identifiers: AccountIdentifiers;
  readonly readAt: number;
  /** Orders the reads: one that began before the kept one never replaces it. */
  readonly read: number;
}

export interface IdentifierBook {
  /** The account's identifiers: as kept while warm (refreshed behind), read first when stale or `fresh`. */
  of(userId: string, options?: { fresh?: boolean }): Promise<KnownAccount>;
  /** The account wrote something that may be a new identifier: its next check reads them first. */
  forget(userId: string): void;
  /** Every account's next check reads its identifiers first. */
  forgetAll(): void;
}

export function createIdentifierBook(db: Executor, now: () => number): IdentifierBook {
  const kept = new Map<string, KnownAccount>();
  /** Accounts whose background read is due; read in one query, one batch at a time. */
  const due = new Set<string>();
  let reading: Promise<void> | null = null;
  let reads = 0;

  function keep(found: Map<string, AccountIdentifiers>, userIds: Iterable<string>, readAt: number, read: number): void {
    if (kept.size >= KEPT_MAX) kept.clear();
    for (const userId of userIds) kept.set(userId, { identifiers: found.get(userId) ?? NO_IDENTIFIERS, readAt, read });
  }

  function readDueBehind(): void {
    if (reading !== null || due.size === 0) return;
    const batch = [...due];
    due.clear();
    const readAt = now();
    const read = ++reads;
    reading = identifiersOfAccounts(db, batch)
      .then((found) => {
        // An account forgotten meanwhile wrote after this read began: its entry stays gone, and
        // one read afresh meanwhile keeps that newer read.
        const older = batch.filter((userId) => (kept.get(userId)?.read ?? Infinity) < read);
        keep(found, older, readAt, read);
      })
      // A failed read leaves the accounts as kept; their next checks ask again (and wait once stale).
      .catch(() => undefined)
      .finally(() => {
        reading = null;
        readDueBehind();
      });
  }

  return {
    async of(userId, options = {}) {
      const known = kept.get(userId);
      if (known && !options.fresh) {
        const age = now() - known.readAt;
        if (age < STALE_AFTER_MS) {
          if (age > REFRESH_AFTER_MS) {
            due.add(userId);
            readDueBehind();
          }
          return known;
        }
      }
      const readAt = now();
      const read = ++reads;
      const found = await identifiersOfAccounts(db, [userId]);
      const account = { identifiers: found.get(userId) ?? NO_IDENTIFIERS, readAt, read };
      if ((kept.get(userId)?.read ?? -1) < read) keep(found, [userId], readAt, read);
      return account;
    },
    forget(userId) {
      kept.delete(userId);
    },
    forgetAll() {
      kept.clear();
      due.clear();
    },
  };
}
