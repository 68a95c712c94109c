// The blocks table's writes and reads: create (one or many, each an audit entry in the same
// transaction), list the blocks in force, lift. After a commit this node's book forgets what it
// knew (block-book.ts), and the other nodes see the change in the book's version stamp.
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Block, BlockKind, BlockQuery, BlockSeverity } from '../../../shared/contract/blocks.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db } from '../../platform/db/database.js';
import { blocks } from '../../platform/db/schema/index.js';
import { isViolationOf } from '../../platform/db/unique-violation.js';
import { isoOf, isoOrNull } from '../../platform/db/values.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Transaction } from '../../platform/events/unit-of-work.js';
import { blockBookOf } from './block-book.js';
import { blockValueOf } from './rules/block-values.js';

type BlockRow = typeof blocks.$inferSelect;

export const blockOf = (row: BlockRow): Block => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  severity: row.severity,
  reason: row.reason,
  expiresAt: isoOrNull(row.expiresAt),
  createdBy: { uid: row.createdByUid, email: row.createdByEmail },
  createdAt: isoOf(row.createdAt),
});

/** In force: not lifted and not expired. */
export const inForce = (): SQL =>
  and(isNull(blocks.liftedAt), or(isNull(blocks.expiresAt), gt(blocks.expiresAt, sql`now()`)))!;

export interface NewBlock {
  kind: BlockKind;
  value: string;
  severity: BlockSeverity;
  reason: string;
  expiresAt?: string | undefined;
}

/** The stored value of a typed one, or the 400 saying what is wrong with it. */
export function storedValueOf(kind: BlockKind, typed: string): string {
  const parsed = blockValueOf(kind, typed);
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed.value;
}

/**
 * Inserts blocks whose values are already stored forms, each with its audit entry, in `tx`. An
 * identifier already blocked (live) is skipped when `skipBlocked`, else a 409.
 */
export async function insertBlocks(
  tx: Transaction,
  admin: VerifiedIdentity,
  wanted: readonly NewBlock[],
  options: { skipBlocked: boolean },
): Promise<Block[]> {
  const created: Block[] = [];
  for (const block of wanted) {
    const values = {
      kind: block.kind,
      value: block.value,
      severity: block.severity,
      reason: block.reason,
      expiresAt: block.expiresAt ? new Date(block.expiresAt) : null,
      createdByUid: admin.uid,
      createdByEmail: admin.email,
    };
    // An expired block of the same identifier ends where it expired, so a new one may take its place.
    await tx
      .update(blocks)
      .set({ liftedAt: blocks.expiresAt })
      .where(
        and(
          eq(blocks.kind, block.kind),
          eq(blocks.value, block.value),
          isNull(blocks.liftedAt),
          lte(blocks.expiresAt, sql`now()`),
        ),
      );
    const insert = tx.insert(blocks).values(values);
    const rows = options.skipBlocked
      ? await insert
          .onConflictDoNothing({ target: [blocks.kind, blocks.value], where: isNull(blocks.liftedAt) })
          .returning()
      : await insert.returning();
    const row = rows[0];
    if (!row) continue;
    const after = blockOf(row);
    await recordAdminAction(tx, {
      admin,
      action: 'createBlock',
      recordType: 'block',
      recordId: after.id,
      before: null,
      after,
    });
    created.push(after);
  }
  return created;
}

export async function createBlock(db: Db, admin: VerifiedIdentity, body: NewBlock): Promise<Block> {
  const value = storedValueOf(body.kind, body.value);
  try {
    const [block] = await db.transaction((tx) => insertBlocks(tx, admin, [{ ...body, value }], { skipBlocked: false }));
    return block!;
  } catch (error) {
    if (isViolationOf(error, 'blocks_live_value_key')) throw conflict('This identifier is already blocked');
    throw error;
  } finally {
    blockBookOf(db).changed();
  }
}

export async function liftBlock(db: Db, admin: VerifiedIdentity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(blocks)
      .set({ liftedAt: sql`now()` })
      .where(and(eq(blocks.id, id), isNull(blocks.liftedAt)))
      .returning();
    if (!row) throw notFound('Block');
    await recordAdminAction(tx, {
      admin,
      action: 'liftBlock',
      recordType: 'block',
      recordId: id,
      before: blockOf(row),
      after: null,
    });
  });
  blockBookOf(db).changed();
}

/** The blocks in force, newest first unless asked otherwise; `search` looks in the value and the reason. */
export async function listBlocks(db: Db, query: BlockQuery): Promise<{ count: number; items: Block[] }> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    inForce(),
    query.kind ? inArray(blocks.kind, query.kind) : undefined,
    query.severity ? inArray(blocks.severity, query.severity) : undefined,
    pattern ? or(ilike(blocks.value, pattern), ilike(blocks.reason, pattern)) : undefined,
  );
  const column = query.sortBy === 'expiresAt' ? blocks.expiresAt : blocks.createdAt;
  const direction = query.order === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blocks)
      .where(where)
      .orderBy(direction(column), direction(blocks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(blocks)
      .where(where),
  ]);
  return { count: Number(total?.count ?? 0), items: rows.map(blockOf) };
}
