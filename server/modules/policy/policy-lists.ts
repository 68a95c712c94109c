// The named lists rules read (`lists.<name>`): words (kept lower case, as rules compare
// `text.lowerAscii()`) and domains (lower case, without a leading "@" or a trailing dot). Each
// change is an audit entry; this node's book reloads at once, the others within 5 s. A list a rule
// reads cannot be deleted (409): the rule would stop compiling.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PolicyList, PolicyListBody, PolicyListKind } from '../../../shared/contract/policy.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db } from '../../platform/db/database.js';
import { policyLists, policyRules } from '../../platform/db/schema/index.js';
import { isViolationOf } from '../../platform/db/unique-violation.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { ruleBookOf } from './rule-book.js';

type ListRow = typeof policyLists.$inferSelect;

const listOf = (row: ListRow): PolicyList => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  items: row.items,
  updatedAt: isoOf(row.updatedAt),
});

/** One stored form per item, without repeats, in the order given. */
export function listItemsOf(kind: PolicyListKind, items: readonly string[]): string[] {
  const stored = items.map((item) => {
    const lower = item.trim().toLowerCase();
    return kind === 'domains' ? lower.replace(/^@+/, '').replace(/\.+$/, '') : lower;
  });
  return [...new Set(stored.filter((item) => item.length > 0))];
}

export async function listPolicyLists(db: Db): Promise<{ items: PolicyList[] }> {
  const rows = await db.select().from(policyLists).where(isNull(policyLists.deletedAt)).orderBy(asc(policyLists.name));
  return { items: rows.map(listOf) };
}

export async function createPolicyList(db: Db, admin: VerifiedIdentity, body: PolicyListBody): Promise<PolicyList> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(policyLists)
        .values({ name: body.name, kind: body.kind, items: listItemsOf(body.kind, body.items) })
        .returning();
      const after = listOf(row!);
      await recordAdminAction(tx, {
        admin,
        action: 'createPolicyList',
        recordType: 'policyList',
        recordId: after.id,
        before: null,
        after: { ...after, items: after.items.length },
      });
      return after;
    });
  } catch (error) {
    if (isViolationOf(error, 'policy_lists_live_name_key')) throw conflict('A list with this name exists already');
    throw error;
  } finally {
    ruleBookOf(db).changed();
  }
}

async function lockedList(tx: Pick<Db, 'select'>, id: string): Promise<ListRow> {
  const [row] = await tx
    .select()
    .from(policyLists)
    .where(and(eq(policyLists.id, id), isNull(policyLists.deletedAt)))
    .for('update');
  if (!row) throw notFound('List');
  return row;
}

export async function updatePolicyList(
  db: Db,
  admin: VerifiedIdentity,
  id: string,
  items: string[],
): Promise<PolicyList> {
  const list = await db.transaction(async (tx) => {
    const row = await lockedList(tx, id);
    const [updated] = await tx
      .update(policyLists)
      .set({ items: listItemsOf(row.kind, items), updatedAt: sql`now()` })
      .where(eq(policyLists.id, id))
      .returning();
    const after = listOf(updated!);
    // The audit entry keeps the items themselves: what a rule read changed is the point of the log.
    await recordAdminAction(tx, {
      admin,
      action: 'updatePolicyList',
      recordType: 'policyList',
      recordId: id,
      before: { items: row.items },
      after: { items: after.items },
    });
    return after;
  });
  ruleBookOf(db).changed();
  return list;
}

export async function deletePolicyList(db: Db, admin: VerifiedIdentity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedList(tx, id);
    const readers = await tx
      .select({ name: policyRules.name })
      .from(policyRules)
      .where(and(isNull(policyRules.deletedAt), sql`${policyRules.expression} ~ ${`\\mlists\\.${row.name}\\M`}`))
      .limit(1);
    if (readers[0]) throw conflict(`The rule “${readers[0].name}” reads this list`);
    await tx
      .update(policyLists)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(policyLists.id, id));
    await recordAdminAction(tx, {
      admin,
      action: 'deletePolicyList',
      recordType: 'policyList',
      recordId: id,
      before: listOf(row),
      after: null,
    });
  });
  ruleBookOf(db).changed();
}
