// This node's book of the blocks in force, so a check (the bid path's above all) is a lookup in
// memory, not a query. A block made or lifted here is seen at once (`changed`); one made on another
// node is seen within 5 s: a check finding the book older than REFRESH_AFTER_MS looks at the
// table's version stamp in the background (reloading when it moved), and one finding it older than
// STALE_AFTER_MS waits for that look. The stamp is a cheap read, made only while checks arrive, so
// an idle node runs no timer and no query. The accounts' identifiers are kept the same way
// (identifier-book.ts), and only read at all while some block is in force; what an account matches
// is worked out once per book and per read of its identifiers, so a check that matches nothing
// costs a few map lookups.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BLOCK_KINDS, BLOCK_SEVERITIES } from '../../../shared/contract/blocks.js';
import type { Executor } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import { createIdentifierBook, REFRESH_AFTER_MS, STALE_AFTER_MS, type KnownAccount } from './identifier-book.js';
import {
  blockMatcher,
  NO_IDENTIFIERS,
  type AccountIdentifiers,
  type BlockMatcher,
  type LiveBlock,
} from './rules/block-matcher.js';

export { REFRESH_AFTER_MS, STALE_AFTER_MS } from './identifier-book.js';

const StampRow = z.object({ stamp: z.string() });
const BlockRow = z.object({
  id: z.string(),
  kind: z.enum(BLOCK_KINDS),
  value: z.string(),
  severity: z.enum(BLOCK_SEVERITIES),
  expires_ms: z.union([z.number(), z.string()]).nullable(),
});
/** Moves whenever a block is made or lifted (an expiry needs no stamp: checks compare the time). */
const STAMP = sql`SELECT count(*) || ' ' || coalesce(max(created_at)::text, '') || ' ' || coalesce(max(lifted_at)::text, '') AS stamp FROM blocks`;

export interface BlockBook {
  /** A block was made or lifted on this node: the next check reloads first. */
  changed(): void;
  /** The account may have new identifiers (it just wrote something: a card, a device, a phone). */
  forget(userId: string): void;
  /** The blocks in force that the account (and any extra identifiers, a sign-up's IP) falls under. */
  matchesOf(userId: string, extra?: Partial<AccountIdentifiers>, options?: { fresh?: boolean }): Promise<LiveBlock[]>;
  /**
   * The book as it stands, for identifiers the caller read itself (a page of accounts at once, for
   * the admin's badge); `matches` leaves out the expired blocks.
   */
  inForce(): Promise<{ size: number; matches(identifiers: AccountIdentifiers): LiveBlock[] }>;
}

export function createBlockBook(db: Executor, now: () => number = Date.now): BlockBook {
  let matcher: BlockMatcher = blockMatcher([]);
  let stamp: string | null = null;
  let checkedAt = -Infinity;
  let dirty = true;
  let looking: Promise<void> | null = null;
  const accounts = createIdentifierBook(db, now);
  /** What each read of an account's identifiers matches in the book it was matched against. */
  const matchedBy = new WeakMap<KnownAccount, { matcher: BlockMatcher; blocks: LiveBlock[] }>();

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
      // A new block applies to the accounts as they are now: each one's identifiers are read again
      // at its next check (once; blocks change rarely, bids do not).
      accounts.forgetAll();
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
  /** The blocks the account matches, expired ones included (the caller drops them). */
  function matchesOfAccount(book: BlockMatcher, account: KnownAccount): LiveBlock[] {
    const known = matchedBy.get(account);
    if (known?.matcher === book) return known.blocks;
    const blocks = book.matches(account.identifiers, -Infinity);
    matchedBy.set(account, { matcher: book, blocks });
    return blocks;
  }

  return {
    changed() {
      dirty = true;
    },
    forget(userId) {
      accounts.forget(userId);
    },
    async matchesOf(userId, extra = {}, options = {}) {
      const book = await current();
      if (book.size === 0) return [];
      const account = await accounts.of(userId, options);
      const at = now();
      const own = matchesOfAccount(book, account).filter((block) => block.expiresAt === null || block.expiresAt > at);
      // A sign-up's IP is not the account's yet: matched on its own, each time.
      const others = Object.keys(extra).length === 0 ? [] : book.matches({ ...NO_IDENTIFIERS, ...extra }, at);
      return others.length === 0 ? own : [...new Set([...own, ...others])];
    },
    async inForce() {
      const book = await current();
      const at = now();
      return { size: book.size, matches: (identifiers) => book.matches(identifiers, at) };
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
