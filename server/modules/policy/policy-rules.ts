// The rules' writes and reads (DECISIONS "Policy"): every save is checked against its event's typed
// context (400 with the CEL error and its position), makes a new version kept in
// policy_rule_versions, and is an audit entry in the same transaction; `on` needs a backtest of the
// current version (409 backtestRequired). After a commit this node's book reloads at once; the
// other nodes see the version stamp move within 5 s.
import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  Rule,
  RuleBody,
  RuleMatch,
  RuleMatchQuery,
  RulePatch,
  RuleQuery,
  RuleStats,
  RuleVersion,
} from '../../../shared/contract/policy.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { policyMatches, policyRules, policyRuleVersions } from '../../platform/db/schema/index.js';
import { countValue, readRows } from '../../platform/db/sql-row.js';
import { isViolationOf } from '../../platform/db/unique-violation.js';
import { isoOf } from '../../platform/db/values.js';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { readLists, ruleBookOf } from './rule-book.js';
import { checkRule, ruleCheckMessage } from './rules/rule-language.js';

type RuleRow = typeof policyRules.$inferSelect;

export const ruleOf = (row: RuleRow): Rule => ({
  id: row.id,
  name: row.name,
  event: row.event,
  expression: row.expression,
  action: row.action,
  priority: row.priority,
  publicMessage: row.publicMessage,
  mode: row.mode,
  version: row.version,
  createdBy: { uid: row.createdByUid, email: row.createdByEmail },
  updatedAt: isoOf(row.updatedAt),
  precisionTarget: row.precisionTarget,
});

/** The precision target is the owner's to set (the moderators write the rules it judges). */
function ownerOnlyTarget(admin: VerifiedIdentity, target: number | null | undefined): void {
  const role = admin.adminRole === undefined ? 'owner' : admin.adminRole;
  if (target !== undefined && role !== 'owner') {
    throw new HttpError(403, 'Only an owner sets a rule’s precision target');
  }
}

/** The 400 of an expression its event's context refuses, or nothing. */
export async function validateExpression(db: Executor, event: Rule['event'], expression: string): Promise<void> {
  const check = checkRule(event, expression, Object.keys(await readLists(db)));
  if (!check.valid) throw badRequest(ruleCheckMessage(check));
}

const backtestRequired = () =>
  new HttpError(409, 'Backtest the current version of this rule before switching it on', 'backtestRequired');

const nameTaken = () => conflict('A rule with this name exists already');

async function keepVersion(tx: Executor, row: RuleRow): Promise<void> {
  await tx.execute(
    sql`INSERT INTO policy_rule_versions (rule_id, version, event, expression, action, mode, created_by_uid)
        VALUES (${row.id}, ${row.version}, ${row.event}, ${row.expression}, ${row.action}, ${row.mode}, ${row.createdByUid})`,
  );
}

export async function createRule(db: Db, admin: VerifiedIdentity, body: RuleBody): Promise<Rule> {
  ownerOnlyTarget(admin, body.precisionTarget);
  await validateExpression(db, body.event, body.expression);
  // A new rule has no backtest yet: it starts off or in shadow, never on.
  if (body.mode === 'on') throw backtestRequired();
  try {
    const rule = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(policyRules)
        .values({
          name: body.name,
          event: body.event,
          expression: body.expression,
          action: body.action,
          priority: body.priority ?? 'normal',
          publicMessage: body.publicMessage ?? null,
          mode: body.mode ?? 'off',
          precisionTarget: body.precisionTarget ?? null,
          createdByUid: admin.uid,
          createdByEmail: admin.email,
        })
        .returning();
      await keepVersion(tx, row!);
      const after = ruleOf(row!);
      await recordAdminAction(tx, {
        admin,
        action: 'createRule',
        recordType: 'rule',
        recordId: after.id,
        before: null,
        after,
      });
      return after;
    });
    return rule;
  } catch (error) {
    if (isViolationOf(error, 'policy_rules_live_name_key')) throw nameTaken();
    throw error;
  } finally {
    ruleBookOf(db).changed();
  }
}

async function lockedRule(tx: Executor & Pick<Db, 'select'>, id: string): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(policyRules)
    .where(and(eq(policyRules.id, id), isNull(policyRules.deletedAt)))
    .for('update');
  if (!row) throw notFound('Rule');
  return row;
}

/** Whether the rule's `version` has been backtested. */
async function backtested(tx: Executor, id: string, version: number): Promise<boolean> {
  const rows = await readRows(
    tx,
    z.object({ one: z.number() }),
    sql`SELECT 1 AS one FROM policy_backtests WHERE rule_id = ${id} AND version = ${version} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function updateRule(db: Db, admin: VerifiedIdentity, id: string, patch: RulePatch): Promise<Rule> {
  ownerOnlyTarget(admin, patch.precisionTarget);
  try {
    return await db.transaction(async (tx) => {
      const row = await lockedRule(tx, id);
      const next = {
        name: patch.name ?? row.name,
        event: patch.event ?? row.event,
        expression: patch.expression ?? row.expression,
        action: patch.action ?? row.action,
        priority: patch.priority ?? row.priority,
        publicMessage: patch.publicMessage === undefined ? row.publicMessage : patch.publicMessage,
        mode: patch.mode ?? row.mode,
        precisionTarget: patch.precisionTarget === undefined ? row.precisionTarget : patch.precisionTarget,
      };
      const judged = next.event !== row.event || next.expression !== row.expression || next.action !== row.action;
      if (patch.expression !== undefined || patch.event !== undefined)
        await validateExpression(tx, next.event, next.expression);
      // A change of what the rule judges or does is a version no backtest has seen: it cannot stay on.
      const version = row.version + 1;
      if (next.mode === 'on' && (judged || !(await backtested(tx, id, row.version)))) throw backtestRequired();
      // The backtest of the version before carries over when only the mode, name or message changed.
      const [updated] = await tx
        .update(policyRules)
        .set({ ...next, version, updatedAt: sql`now()` })
        .where(eq(policyRules.id, id))
        .returning();
      if (!judged) {
        await tx.execute(
          sql`INSERT INTO policy_backtests (rule_id, version, days, evaluated, matches, by_outcome, created_at)
              SELECT rule_id, ${version}, days, evaluated, matches, by_outcome, created_at
                FROM policy_backtests WHERE rule_id = ${id} AND version = ${row.version}`,
        );
      }
      await keepVersion(tx, updated!);
      const after = ruleOf(updated!);
      await recordAdminAction(tx, {
        admin,
        action: 'updateRule',
        recordType: 'rule',
        recordId: id,
        before: ruleOf(row),
        after,
      });
      return after;
    });
  } catch (error) {
    if (isViolationOf(error, 'policy_rules_live_name_key')) throw nameTaken();
    throw error;
  } finally {
    ruleBookOf(db).changed();
  }
}

export async function deleteRule(db: Db, admin: VerifiedIdentity, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedRule(tx, id);
    await tx
      .update(policyRules)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(policyRules.id, id));
    await recordAdminAction(tx, {
      admin,
      action: 'deleteRule',
      recordType: 'rule',
      recordId: id,
      before: ruleOf(row),
      after: null,
    });
  });
  ruleBookOf(db).changed();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listRules(db: Db, query: RuleQuery): Promise<{ count: number; items: Rule[] }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    isNull(policyRules.deletedAt),
    pattern ? or(ilike(policyRules.name, pattern), ilike(policyRules.expression, pattern)) : undefined,
  );
  const column = query.sortBy === 'name' ? policyRules.name : policyRules.updatedAt;
  const direction = query.order === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(policyRules)
      .where(where)
      .orderBy(direction(column), direction(policyRules.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(policyRules)
      .where(where),
  ]);
  return { count: Number(total?.count ?? 0), items: rows.map(ruleOf) };
}

const StatsRow = z.object({
  matches7d: countValue,
  actions7d: countValue,
  upheld: countValue,
  overturned: countValue,
});

/**
 * A rule's record against what people later decided (DECISIONS "Policy"): its resolved cases are
 * overturned when dismissed, or when an appeal was granted against an enforcement their resolution
 * made (trust-safety keeps which, `review_case_enforcements`), however long after; the others are
 * upheld. (`appealGranted` resolves appeals only, never a rule's own case, but is read as overturned
 * all the same.)
 */
export async function ruleStats(db: Executor, id: string): Promise<RuleStats> {
  const [row] = await readRows(
    db,
    StatsRow,
    sql`WITH judged AS (
          SELECT coalesce(rc.outcome IN ('dismissed', 'appealGranted'), false) OR EXISTS (
                   SELECT 1 FROM review_case_enforcements ce
                   JOIN appeals ap ON ap.enforcement_id = ce.enforcement_id AND ap.status = 'granted'
                   WHERE ce.case_id = rc.id) AS overturned
          FROM review_cases rc
          WHERE rc.source = 'rule' AND rc.details->>'ruleId' = ${id} AND rc.status = 'resolved')
        SELECT
          (SELECT count(*) FROM policy_matches WHERE rule_id = ${id} AND at > now() - interval '7 days') AS "matches7d",
          (SELECT count(*) FROM policy_matches WHERE rule_id = ${id} AND done AND at > now() - interval '7 days') AS "actions7d",
          (SELECT count(*) FROM judged WHERE NOT overturned) AS upheld,
          (SELECT count(*) FROM judged WHERE overturned) AS overturned`,
  );
  const upheld = Number(row!.upheld);
  const overturned = Number(row!.overturned);
  return {
    matches7d: Number(row!.matches7d),
    actions7d: Number(row!.actions7d),
    upheld,
    overturned,
    precision: upheld + overturned === 0 ? null : upheld / (upheld + overturned),
  };
}

export async function getRule(db: Db, id: string): Promise<Rule> {
  const [row] = await db
    .select()
    .from(policyRules)
    .where(and(eq(policyRules.id, id), isNull(policyRules.deletedAt)));
  if (!row) throw notFound('Rule');
  return { ...ruleOf(row), stats: await ruleStats(db, id) };
}

export async function listRuleMatches(
  db: Db,
  id: string,
  query: RuleMatchQuery,
): Promise<{ count: number; items: RuleMatch[] }> {
  await getRuleRow(db, id);
  const where = eq(policyMatches.ruleId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(policyMatches)
      .where(where)
      .orderBy(desc(policyMatches.at), desc(policyMatches.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(policyMatches)
      .where(where),
  ]);
  return {
    count: Number(total?.count ?? 0),
    items: rows.map((row) => ({
      at: isoOf(row.at),
      ruleId: row.ruleId,
      version: row.version,
      mode: row.mode,
      subjectId: row.subjectId,
      actorId: row.actorId,
      action: row.action,
      done: row.done,
    })),
  };
}

/** `GET /admin/rules/{id}/versions`: every version kept, newest first. */
export async function listRuleVersions(
  db: Db,
  id: string,
  query: RuleMatchQuery,
): Promise<{ count: number; items: RuleVersion[] }> {
  await getRuleRow(db, id);
  const where = eq(policyRuleVersions.ruleId, id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(policyRuleVersions)
      .where(where)
      .orderBy(desc(policyRuleVersions.version))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(policyRuleVersions)
      .where(where),
  ]);
  return {
    count: Number(total?.count ?? 0),
    items: rows.map((row) => ({
      version: row.version,
      event: row.event,
      expression: row.expression,
      action: row.action,
      mode: row.mode,
      changedBy: row.createdByUid,
      at: isoOf(row.createdAt),
    })),
  };
}

/** A rule that exists (not deleted), for the routes under it. */
export async function getRuleRow(db: Db, id: string): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(policyRules)
    .where(and(eq(policyRules.id, id), isNull(policyRules.deletedAt)));
  if (!row) throw notFound('Rule');
  return row;
}
