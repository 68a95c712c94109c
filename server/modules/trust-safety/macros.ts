// Macros: what a moderator does often, defined once by the team (a title, an outcome, a note, a
// message to the user, an enforcement) and applied in one step by resolving a case with its id.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ReviewCase } from '../../../shared/contract/review-cases.js';
import {
  MACRO_ENFORCEMENTS,
  type CreateMacroBody,
  type Macro,
  type UpdateMacroBody,
} from '../../../shared/contract/review-team.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { reviewMacros } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOrNull } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

const MACRO_ROW = sqlRow(reviewMacros, 'id', 'title', 'note', 'user_message', 'enforcement_until').extend({
  outcome: ReviewCase.shape.outcome.unwrap(),
  enforcement_action: z.enum(MACRO_ENFORCEMENTS).nullable(),
});
type MacroRow = z.output<typeof MACRO_ROW>;
const SELECT_MACRO = sql`SELECT id, title, outcome, note, user_message, enforcement_action, enforcement_until
  FROM review_macros`;

function macroItem(row: MacroRow): Macro {
  const until = isoOrNull(row.enforcement_until);
  return {
    id: row.id,
    title: row.title,
    outcome: row.outcome,
    note: row.note,
    ...(row.user_message === null ? {} : { userMessage: row.user_message }),
    ...(row.enforcement_action === null
      ? {}
      : { enforcement: { action: row.enforcement_action, ...(until ? { until } : {}) } }),
  };
}

export async function listMacros(db: Executor): Promise<{ items: Macro[] }> {
  const rows = await readRows(db, MACRO_ROW, sql`${SELECT_MACRO} ORDER BY lower(title), id LIMIT 500`);
  return { items: rows.map(macroItem) };
}

export async function macroOf(db: Executor, id: string): Promise<Macro> {
  const [row] = await readRows(db, MACRO_ROW, sql`${SELECT_MACRO} WHERE id = ${id}`);
  if (!row) throw notFound('Macro');
  return macroItem(row);
}

/** When a macro's suspension ends: its own date, else the queue's fixed week from now. */
export function macroUntil(enforcement: NonNullable<Macro['enforcement']>, now = Date.now()): Date | null {
  if (enforcement.until) return new Date(enforcement.until);
  return enforcement.action === 'suspend' ? new Date(now + MACRO_SUSPENSION_DAYS * 86_400_000) : null;
}
const MACRO_SUSPENSION_DAYS = 7;

const enforcementColumns = (enforcement: CreateMacroBody['enforcement'] | null | undefined) => ({
  action: enforcement?.action ?? null,
  until: enforcement?.until ?? null,
});

export async function createMacro(db: Db, body: CreateMacroBody, admin: VerifiedIdentity): Promise<Macro> {
  const enforcement = enforcementColumns(body.enforcement);
  return db.transaction(async (tx) => {
    const [row] = await readRows(
      tx,
      MACRO_ROW,
      sql`INSERT INTO review_macros (title, outcome, note, user_message, enforcement_action, enforcement_until)
          VALUES (${body.title}, ${body.outcome}, ${body.note}, ${body.userMessage ?? null}, ${enforcement.action},
                  ${enforcement.until}::timestamptz)
          RETURNING id, title, outcome, note, user_message, enforcement_action, enforcement_until`,
    );
    const after = macroItem(row!);
    await recordAdminAction(tx, {
      admin,
      action: 'createMacro',
      recordType: 'macro',
      recordId: after.id,
      before: null,
      after,
    });
    return after;
  });
}

export async function updateMacro(db: Db, id: string, body: UpdateMacroBody, admin: VerifiedIdentity): Promise<Macro> {
  return db.transaction(async (tx) => {
    const before = await macroOf(tx, id);
    const next = {
      title: body.title ?? before.title,
      outcome: body.outcome ?? before.outcome,
      note: body.note ?? before.note,
      userMessage: body.userMessage === undefined ? (before.userMessage ?? null) : body.userMessage,
      enforcement: enforcementColumns(body.enforcement === undefined ? before.enforcement : body.enforcement),
    };
    const [row] = await readRows(
      tx,
      MACRO_ROW,
      sql`UPDATE review_macros SET title = ${next.title}, outcome = ${next.outcome}, note = ${next.note},
                 user_message = ${next.userMessage}, enforcement_action = ${next.enforcement.action},
                 enforcement_until = ${next.enforcement.until}::timestamptz, updated_at = now()
          WHERE id = ${id}
          RETURNING id, title, outcome, note, user_message, enforcement_action, enforcement_until`,
    );
    const after = macroItem(row!);
    await recordAdminAction(tx, { admin, action: 'updateMacro', recordType: 'macro', recordId: id, before, after });
    return after;
  });
}

export async function deleteMacro(db: Db, id: string, admin: VerifiedIdentity): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await macroOf(tx, id);
    await tx.execute(sql`DELETE FROM review_macros WHERE id = ${id}`);
    await recordAdminAction(tx, {
      admin,
      action: 'deleteMacro',
      recordType: 'macro',
      recordId: id,
      before,
      after: null,
    });
  });
}
