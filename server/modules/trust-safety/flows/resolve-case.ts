// Resolving a review case: one unit of work (platform/events/admin-unit-of-work.ts) a reader
// follows top to bottom. The case is locked and checked first, so a second admin resolving,
// claiming or bulk-resolving it waits for this commit and then gets 409 with nothing done; then
// each effect is its owner's function called with the same transaction (content removal:
// conversations or listings; enforcement: accounts; the appeal's lift: accounts through appeals),
// then the case's new state, the notifications and the audit entry. Anything that throws rolls all
// of it back; the admin events and the caches' updates leave only after the commit.
import { sql } from 'drizzle-orm';
import type { ReviewCase, ReviewOutcome } from '../../../../shared/contract/review-cases.js';
import type { Macro } from '../../../../shared/contract/review-team.js';
import type { VerifiedIdentity } from '../../../platform/auth/identity.js';
import { recordAdminAction } from '../../../platform/db/admin-log.js';
import type { Db } from '../../../platform/db/database.js';
import { inAdminUnitOfWork, type AdminOutbox } from '../../../platform/events/admin-unit-of-work.js';
import type { Transaction } from '../../../platform/events/unit-of-work.js';
import { conflict, HttpError, notFound } from '../../../platform/http/errors.js';
import { enforceIn } from '../../accounts/index.js';
import { notify, notifyAll } from '../../notifications/index.js';
import { liftAppealedEnforcement, recordAppealDecision } from '../appeals.js';
import {
  caseReason,
  checkOutcomeFits,
  HELD_BY_ANOTHER,
  lockOpenCase,
  markResolved,
  removeCaseContent,
  reportersOf,
  type CaseDeps,
  type Resolution,
} from '../case-actions.js';
import { caseItem, caseOf, caseRow, type CaseRow } from '../case-items.js';
import { macroOf, macroUntil } from '../macros.js';
import { resolutionEnforcements } from '../rules/resolution-enforcements.js';

/** What every step works with: the one transaction, its outbox, the acting admin. */
interface FlowContext {
  tx: Transaction;
  outbox: AdminOutbox;
  db: Db;
  admin: VerifiedIdentity;
}

/** What the moderator decided: the outcome and note given, else the macro's. */
interface Decision {
  outcome: ReviewOutcome;
  note: string | undefined;
  notifyReporter: boolean;
  macro: Macro | null;
}

/** `POST /admin/review-cases/{id}/resolve`. */
export async function resolveCase(
  deps: CaseDeps,
  id: string,
  resolution: Resolution,
  admin: VerifiedIdentity,
): Promise<ReviewCase> {
  return inAdminUnitOfWork(deps, async (tx, outbox) => {
    const flow: FlowContext = { tx, outbox, db: deps.db, admin };
    const decision = await decide(flow, resolution);
    const row = await lockOpenCase(tx, id, admin);
    return resolveLockedCase(flow, row, decision);
  });
}

/**
 * `POST /admin/review-cases/resolve`: every case or none. The cases are locked in id order (two
 * bulk resolves over overlapping cases never deadlock), then checked in the order asked, and the
 * first that stops it is named in the 404 or 409. Cases already resolved are left as they are and
 * not counted.
 */
export async function resolveCases(
  deps: CaseDeps,
  ids: readonly string[],
  resolution: Resolution,
  admin: VerifiedIdentity,
): Promise<{ resolved: number }> {
  return inAdminUnitOfWork(deps, async (tx, outbox) => {
    const flow: FlowContext = { tx, outbox, db: deps.db, admin };
    const decision = await decide(flow, {
      outcome: resolution.outcome,
      note: resolution.note,
      macroId: resolution.macroId,
    });
    const asked = [...new Set(ids)];
    for (const id of [...asked].sort()) await lockCaseIfAny(tx, id);
    const open: CaseRow[] = [];
    for (const id of asked) {
      const row = await caseRow(tx, id).catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode === 404 ? notFound(`Review case ${id}`) : error;
      });
      if (row.status === 'resolved') continue;
      if (row.assignee_uid !== null && row.assignee_uid !== admin.uid) {
        throw conflict(`Review case ${id}: ${HELD_BY_ANOTHER}; release it or leave it out`);
      }
      open.push(row);
    }
    for (const row of open) await naming(row.id, () => resolveLockedCase(flow, row, decision));
    return { resolved: open.length };
  });
}

/** The steps once the case is locked and still the caller's to resolve. */
async function resolveLockedCase(flow: FlowContext, row: CaseRow, decision: Decision): Promise<ReviewCase> {
  checkOutcomeFits(row, decision.outcome);
  const before = caseOf(row);
  if (decision.outcome === 'contentRemoved') await removeCaseContent(flow.tx, flow.outbox, row, flow.admin);
  await enforceOnSubjectUser(flow, row, decision);
  if (decision.outcome === 'appealGranted') {
    await liftAppealedEnforcement(flow.tx, flow.outbox, flow, row, flow.admin);
  }
  await markResolved(flow.tx, row.id, decision.outcome, decision.note, flow.admin);
  if (row.source === 'appeal') await recordAppealDecision(flow.tx, row.id, decision.outcome === 'appealGranted');
  if (decision.notifyReporter) await thankReporters(flow, row, decision.outcome);
  await sendMacroMessage(flow, row, decision);
  const after = await caseItem(flow.tx, row.id);
  await recordAdminAction(flow.tx, {
    admin: flow.admin,
    action: 'resolveReviewCase',
    recordType: 'review_case',
    recordId: row.id,
    before,
    after,
  });
  flow.outbox.emit('reviewCaseUpdated', after);
  return after;
}

/** Step: the decision, with the macro read in the same transaction (404 when it is gone). */
async function decide(flow: FlowContext, resolution: Resolution): Promise<Decision> {
  const macro = resolution.macroId ? await macroOf(flow.tx, resolution.macroId) : null;
  const outcome = resolution.outcome ?? macro?.outcome;
  if (!outcome) throw new HttpError(400, 'outcome or macroId is required');
  const note = resolution.note ?? (macro?.note || undefined);
  return { outcome, note, notifyReporter: resolution.notifyReporter === true, macro };
}

const NO_USER_TO: Partial<Record<ReviewOutcome, string>> = {
  userWarned: 'This case names no user to warn',
  sellingSuspended: 'This case names no user whose selling could be suspended',
  accountSuspended: 'This case names no user to suspend',
};

/**
 * Step: the outcome's enforcement and the macro's on the case's user, each action once (a macro
 * that warns, resolving with `userWarned`, warns once), through the accounts' enforcement.
 */
async function enforceOnSubjectUser(flow: FlowContext, row: CaseRow, decision: Decision): Promise<void> {
  const macro = decision.macro?.enforcement;
  const userId = row.subject_user_id;
  if (!userId) {
    const refusal = NO_USER_TO[decision.outcome];
    if (refusal) throw conflict(refusal);
    if (macro) throw conflict('This case names no user the macro could enforce on');
    return;
  }
  const macroEnforcement = macro ? { action: macro.action, until: macroUntil(macro) } : null;
  for (const { action, until } of resolutionEnforcements(decision.outcome, macroEnforcement, Date.now())) {
    const reason = caseReason(row, decision.note);
    const { enforcementId } = await enforceIn(flow.tx, flow.outbox, flow, {
      userId,
      action,
      reason,
      until,
      admin: flow.admin,
    });
    // Kept with the case: an appeal granted against it later overturns the case (a rule's precision).
    await flow.tx.execute(
      sql`INSERT INTO review_case_enforcements (case_id, enforcement_id) VALUES (${row.id}, ${enforcementId})`,
    );
  }
}

/** Step: every reporter whose report opened or joined the case is thanked, once each. */
async function thankReporters(flow: FlowContext, row: CaseRow, outcome: ReviewOutcome): Promise<void> {
  const reporters = await reportersOf(flow.tx, row);
  await notifyAll(
    flow.tx,
    reporters.map((userId) => ({
      userId,
      type: 'reportResolved' as const,
      title: 'A moderator reviewed what you reported. Thank you',
      data: { caseId: row.id, outcome },
    })),
  );
}

/** Step: the macro's message to the case's user. */
async function sendMacroMessage(flow: FlowContext, row: CaseRow, decision: Decision): Promise<void> {
  if (!decision.macro?.userMessage || !row.subject_user_id) return;
  await notify(
    flow.tx,
    row.subject_user_id,
    'moderationMessage',
    'A message from the marketplace team',
    { caseId: row.id, outcome: decision.outcome },
    decision.macro.userMessage,
  );
}

/** Locks a case if it exists; a missing one is named by the check that follows. */
async function lockCaseIfAny(tx: Transaction, id: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM review_cases WHERE id = ${id} FOR UPDATE`);
}

/** A bulk resolve's refusal names the case that stopped it. */
async function naming<T>(id: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpError)
      throw new HttpError(error.statusCode, `Review case ${id}: ${error.message}`, error.code);
    throw error;
  }
}
