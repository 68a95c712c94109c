// This node's book of the blocks in force, so a check (the bid path's above all) is a lookup in
// memory, not a query. A block made or lifted here is seen at once (`changed`); one made on another
// node is seen within 5 s: a check finding the book older than REFRESH_AFTER_MS looks at the
// table's version stamp in the background (reloading when it moved), and one finding it older than
// STALE_AFTER_MS waits for that look. The stamp is a cheap read, made only while checks arrive, so
// an idle node runs no timer and no query. An account's identifiers are remembered a few seconds
// per account too, and only read at all while some block is in force.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BLOCK_KINDS, BLOCK_SEVERITIES } from '../../../shared/contract/blocks.js';
import type { Executor } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import {
  blockMatcher,
  NO_IDENTIFIERS,
  type AccountIdentifiers,
  type BlockMatcher,
  type LiveBlock,
} from './rules/block-matcher.js';

export const REFRESH_AFTER_MS = 1_000;
export const STALE_AFTER_MS = 4_000;
/** How long an account's identifiers are trusted: a card added now counts within this. */
export const IDENTIFIERS_FOR_MS = 3_000;
const IDENTIFIERS_KEPT_MAX = 100_000;

const StampRow = z.object({ stamp: z.string() });
const BlockRow = z.object({
  id: z.string(),
  kind: z.enum(BLOCK_KINDS),
  value: z.string(),
  severity: z.enum(BLOCK_SEVERITIES),
  expires_ms: z.union([z.number(), z.string()]).nullable(),
});
const texts = z
  .array(z.string())
  .nullable()
  .transform((values) => values ?? []);
const IdentifiersRow = z.object({
  email: z.string(),
  phone_number: z.string().nullable(),
  stripe_user_id: z.string().nullable(),
  cards: texts,
  devices: texts,
  ips: texts,
});

/** Moves whenever a block is made or lifted (an expiry needs no stamp: checks compare the time). */
const STAMP = sql`SELECT count(*) || ' ' || coalesce(max(created_at)::text, '') || ' ' || coalesce(max(lifted_at)::text, '') AS stamp FROM blocks`;

/** Every identifier of one account (DECISIONS "Blocks"), in the forms blocks store. */
export const identifiersQuery = (userId: string) => sql`
  SELECT u.email, u.phone_number, u.stripe_user_id,
         (SELECT array_agg(DISTINCT lower(pm.brand) || ':' || pm.last4 || ':' || lpad(pm.exp_month::text, 2, '0') || '/' || pm.exp_year)
            FROM ledger_customers c JOIN ledger_payment_methods pm ON pm.customer_id = c.id
           WHERE c.user_id = u.id AND pm.detached_at IS NULL) AS cards,
         (SELECT array_agg(token) FROM device_token_holders WHERE user_id = u.id) AS devices,
         (SELECT array_agg(DISTINCT ip) FROM sign_in_ips WHERE user_id = u.id) AS ips
    FROM users u WHERE u.id = ${userId}`;

export async function identifiersOf(db: Executor, userId: string): Promise<AccountIdentifiers> {
  const [row] = await readRows(db, IdentifiersRow, identifiersQuery(userId));
  if (!row) return NO_IDENTIFIERS;
  return {
    emails: [row.email],
    phones: row.phone_number ? [row.phone_number] : [],
    cards: row.cards,
    payoutAccounts: row.stripe_user_id ? [row.stripe_user_id] : [],
    deviceTokens: row.devices,
    ips: row.ips,
  };
}

export interface BlockBook {
  /** A block was made or lifted on this node: the next check reloads first. */
  changed(): void;
  /** The account may have new identifiers (it just wrote something: a card, a device, a phone). */
  forget(userId: string): void;
  /** The blocks in force that the account (and any extra identifiers, a sign-up's IP) falls under. */
  matchesOf(userId: string, extra?: Partial<AccountIdentifiers>, options?: { fresh?: boolean }): Promise<LiveBlock[]>;
}

export function createBlockBook(db: Executor, now: () => number = Date.now): BlockBook {
  let matcher: BlockMatcher = blockMatcher([]);
  let stamp: string | null = null;
  let checkedAt = -Infinity;
  let dirty = true;
  let looking: Promise<void> | null = null;
  const identifiers = new Map<string, { at: number; identifiers: AccountIdentifiers }>();

  async function look(): Promise<void> {
    const [row] = await readRows(db, StampRow, STAMP);
    const next = row?.stamp ?? '';
    if (dirty || next !== stamp) {
      dirty = false;
      const rows = await readRows(
        db,
        BlockRow,
        sql`SELECT id, kind, value, severity, (extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms
              FROM blocks WHERE lifted_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      );
      matcher = blockMatcher(
        rows.map((r) => ({ ...r, expiresAt: r.expires_ms === null ? null : Number(r.expires_ms) })),
      );
      // The identifiers an account was matched with may be what the new blocks name.
      identifiers.clear();
      stamp = next;
    }
    checkedAt = now();
  }
  function lookOnce(): Promise<void> {
    looking ??= look().finally(() => {
      looking = null;
    });
    return looking;
  }
  async function current(): Promise<BlockMatcher> {
    const age = now() - checkedAt;
    if (dirty || age > STALE_AFTER_MS) {
      // A database that stops answering must not refuse every request a loaded book can answer:
      // the book as last read keeps applying until a look succeeds (a book never read has nothing).
      await lookOnce().catch((error: unknown) => {
        if (stamp === null) throw error;
      });
    }
    // A failed background look leaves the book as it was; the next check tries again.
    else if (age > REFRESH_AFTER_MS) lookOnce().catch(() => undefined);
    return matcher;
  }
  async function identifiersFor(userId: string, fresh: boolean): Promise<AccountIdentifiers> {
    const kept = identifiers.get(userId);
    if (!fresh && kept && now() - kept.at < IDENTIFIERS_FOR_MS) return kept.identifiers;
    const read = await identifiersOf(db, userId);
    if (identifiers.size >= IDENTIFIERS_KEPT_MAX) identifiers.clear();
    identifiers.set(userId, { at: now(), identifiers: read });
    return read;
  }

  return {
    changed() {
      dirty = true;
      identifiers.clear();
    },
    forget(userId) {
      identifiers.delete(userId);
    },
    async matchesOf(userId, extra = {}, options = {}) {
      const book = await current();
      if (book.size === 0) return [];
      const own = await identifiersFor(userId, options.fresh ?? false);
      const all: AccountIdentifiers = {
        emails: [...own.emails, ...(extra.emails ?? [])],
        phones: [...own.phones, ...(extra.phones ?? [])],
        cards: [...own.cards, ...(extra.cards ?? [])],
        payoutAccounts: [...own.payoutAccounts, ...(extra.payoutAccounts ?? [])],
        deviceTokens: [...own.deviceTokens, ...(extra.deviceTokens ?? [])],
        ips: [...own.ips, ...(extra.ips ?? [])],
      };
      return book.matches(all, now());
    },
  };
}

/** One book per database pool (one node). */
const books = new WeakMap<object, BlockBook>();

export function blockBookOf(db: Executor): BlockBook {
  let book = books.get(db);
  if (!book) {
    book = createBlockBook(db);
    books.set(db, book);
  }
  return book;
}
