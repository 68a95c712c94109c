// The admin's "blocked" badge (issue 44): every admin answer that is a user, or a page of users,
// says which block in force the account matches (`blocked`, shared/contract/entities.ts), so the
// app can show it wherever an admin sees the account. A page costs one read of its accounts'
// identifiers together (identifier-book.ts's query, for all of them at once) and a look in this
// node's book of blocks (block-book.ts, in memory), never a query per row; with no block in
// force, nothing is read at all. The reason is read for the matched blocks alone.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminRoutes, type AdminRouteName } from '../../../shared/contract/admin-api.js';
import { AdminUser, type BlockedBadge } from '../../../shared/contract/entities.js';
import type { Executor } from '../../platform/db/database.js';
import type { AdminHandlers } from '../../platform/http/admin-handler.js';
import { idArray } from '../../platform/db/list-sql.js';
import { readRows } from '../../platform/db/sql-row.js';
import { blockBookOf } from './block-book.js';
import { identifiersOfAccounts } from './identifier-book.js';
import { strongestBlock } from './rules/strongest-block.js';

const ReasonRow = z.object({ id: z.string(), reason: z.string() });

/** The badge of each account that matches a block in force (the others are left out). */
export async function blockedBadges(db: Executor, userIds: readonly string[]): Promise<Map<string, BlockedBadge>> {
  const badges = new Map<string, BlockedBadge>();
  if (userIds.length === 0) return badges;
  const book = await blockBookOf(db).inForce();
  if (book.size === 0) return badges;
  const identifiers = await identifiersOfAccounts(db, [...new Set(userIds)]);
  const strongest = new Map<string, ReturnType<typeof strongestBlock> & object>();
  for (const [userId, known] of identifiers) {
    const block = strongestBlock(book.matches(known));
    if (block) strongest.set(userId, block);
  }
  if (strongest.size === 0) return badges;
  const blockIds = [...new Set([...strongest.values()].map((block) => block.id))];
  const reasons = new Map(
    (await readRows(db, ReasonRow, sql`SELECT id, reason FROM blocks WHERE id = ANY(${idArray(blockIds)})`)).map(
      (row) => [row.id, row.reason],
    ),
  );
  for (const [userId, block] of strongest) {
    // A block lifted between the book's look and this read is no badge.
    const reason = reasons.get(block.id);
    if (reason !== undefined) badges.set(userId, { blockId: block.id, severity: block.severity, reason });
  }
  return badges;
}

type Handler = (request: never) => Promise<unknown>;
type UserAnswer = { id: string; blocked?: BlockedBadge | null };

/** The routes answering a page of users: their `items` get the badge. */
const USER_PAGE_ROUTES: ReadonlySet<AdminRouteName> = new Set(['users.list']);

/**
 * `handlers` with the badge added to every answer that is a user (the routes whose answer is
 * `AdminUser`) or a page of users (USER_PAGE_ROUTES); the others as they are.
 */
export function withBlockedBadges<H extends Partial<AdminHandlers>>(db: Executor, handlers: H): H {
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers) as [AdminRouteName, Handler][]) {
    const response = (adminRoutes[name] as { response?: unknown }).response;
    if (USER_PAGE_ROUTES.has(name)) {
      wrapped[name] = async (request) => {
        const page = (await handler(request)) as { items: UserAnswer[] };
        const badges = await blockedBadges(
          db,
          page.items.map((user) => user.id),
        );
        return { ...page, items: page.items.map((user) => ({ ...user, blocked: badges.get(user.id) ?? null })) };
      };
    } else if (response === AdminUser) {
      wrapped[name] = async (request) => {
        const user = (await handler(request)) as UserAnswer;
        const badges = await blockedBadges(db, [user.id]);
        return { ...user, blocked: badges.get(user.id) ?? null };
      };
    } else {
      wrapped[name] = handler;
    }
  }
  return wrapped as H;
}
