// What a moderator does with a case: claim it (one holder at a time), release it, resolve it with an
// outcome that acts through the module that owns the subject, or resolve many at once. Each step is
// one conditional UPDATE, so two admins racing for a case cannot both win; each is in the admin log
// and reaches every open back-office as `reviewCaseUpdated`.
import { sql } from 'drizzle-orm';
import type { ReviewCase, ReviewOutcome } from '../../../shared/contract/review-cases.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { reviewCases } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { AdminDeps } from '../../platform/http/admin-handler.js';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.js';
import { enforce } from '../accounts/index.js';
import { removeAuctionMessage, removeChatMessage } from '../conversations/index.js';
import { deleteListing } from '../listings/index.js';
import { notify } from '../notifications/index.js';
import { liftAppealedEnforcement, recordAppealDecision } from './appeals.js';
import { caseItem, caseRow, type CaseRow } from './case-items.js';
import { macroOf, macroUntil } from './macros.js';

export const HELD_BY_ANOTHER = 'Another admin holds this case';
export const ALREADY_RESOLVED = 'This case is already resolved';
/** How long the `accountSuspended` outcome suspends the case's user. */
export const CASE_SUSPENSION_DAYS = 7;

/** The enforcement's reason: the case's source and reason, and the moderator's note when given. */
export const caseReason = (row: CaseRow, note: string | undefined) =>
  [`Review case (${row.source}): ${row.reason}`, note].filter(Boolean).join(' — ').replace(/\s+/g, ' ').slice(0, 500);

export type CaseDeps = Pick<AdminDeps, 'db' | 'events' | 'identity'>;

/** Why a conditional update touched nothing: the case is resolved, or somebody else holds it. */
async function refusal(db: Executor, id: string): Promise<HttpError> {
  const row = await caseRow(db, id);
  return conflict(row.status === 'resolved' ? ALREADY_RESOLVED : HELD_BY_ANOTHER);
}

export async function logged(
  db: Db,
  admin: VerifiedIdentity,
  action: string,
  id: string,
  change: (tx: Executor) => Promise<boolean>,
): Promise<ReviewCase> {
  return db.transaction(async (tx) => {
    const before = await caseItem(tx, id);
    if (!(await change(tx))) throw await refusal(tx, id);
    const after = await caseItem(tx, id);
    await recordAdminAction(tx, { admin, action, recordType: 'review_case', recordId: id, before, after });
    return after;
  });
}

/** A change of review cases (`… RETURNING id`): whether it changed any. */
export const changed = async (tx: Executor, statement: ReturnType<typeof sql>) =>
  (await readRows(tx, CHANGED_CASE, statement)).length > 0;
const CHANGED_CASE = sqlRow(reviewCases, 'id');

export async function claimCase({ db, events }: CaseDeps, id: string, admin: VerifiedIdentity): Promise<ReviewCase> {
  const item = await logged(db, admin, 'claimReviewCase', id, (tx) =>
    changed(
      tx,
      sql`UPDATE review_cases SET status = 'claimed', assignee_uid = ${admin.uid}, assignee_email = ${admin.email},
                 updated_at = now()
          WHERE id = ${id} AND status <> 'resolved' AND (assignee_uid IS NULL OR assignee_uid = ${admin.uid})
          RETURNING id`,
    ),
  );
  events.emit('reviewCaseUpdated', item);
  return item;
}

export async function releaseCase({ db, events }: CaseDeps, id: string, admin: VerifiedIdentity): Promise<ReviewCase> {
  const item = await logged(db, admin, 'releaseReviewCase', id, (tx) =>
    changed(
      tx,
      sql`UPDATE review_cases SET status = 'open', assignee_uid = NULL, assignee_email = NULL, updated_at = now()
          WHERE id = ${id} AND status <> 'resolved' AND (assignee_uid IS NULL OR assignee_uid = ${admin.uid})
          RETURNING id`,
    ),
  );
  events.emit('reviewCaseUpdated', item);
  return item;
}

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

/** The outcome's effect, through the module that owns the subject. Content already gone counts as removed. */
async function applyOutcome(
  deps: CaseDeps,
  row: CaseRow,
  outcome: ReviewOutcome,
  admin: VerifiedIdentity,
  note?: string,
) {
  const moderator = { db: deps.db, events: deps.events, admin };
  const userId = row.subject_user_id;
  switch (outcome) {
    case 'contentRemoved': {
      const remove =
        row.subject_type === 'chatMessage'
          ? () => removeChatMessage(moderator, row.subject_id)
          : row.subject_type === 'auctionMessage'
            ? () => removeAuctionMessage(moderator, row.subject_id)
            : row.subject_type === 'listing'
              ? () => deleteListing(deps.db, row.subject_id, admin)
              : null;
      if (!remove) throw conflict('This case has no content to remove: its subject is not a message or a listing');
      await remove().catch((error: unknown) => {
        if (!isNotFound(error)) throw error;
      });
      return;
    }
    // Warnings and suspensions are enforcement (accounts/enforcement.ts): the same notification,
    // audit entry and effects as from the user drawer, with the case as the reason.
    case 'userWarned':
      if (!userId) throw conflict('This case names no user to warn');
      await enforce(deps, { userId, action: 'warn', reason: caseReason(row, note), admin });
      return;
    case 'sellingSuspended':
      if (!userId) throw conflict('This case names no user whose selling could be suspended');
      await enforce(deps, { userId, action: 'suspendSelling', reason: caseReason(row, note), until: null, admin });
      return;
    case 'accountSuspended': {
      if (!userId) throw conflict('This case names no user to suspend');
      // A case suspends for a fixed week; a longer suspension or a ban is set from the user's drawer.
      const until = new Date(Date.now() + CASE_SUSPENSION_DAYS * 86_400_000);
      await enforce(deps, { userId, action: 'suspend', reason: caseReason(row, note), until, admin });
      return;
    }
    default:
      return;
  }
}

export interface Resolution {
  outcome?: ReviewOutcome | undefined;
  note?: string | undefined;
  notifyReporter?: boolean | undefined;
  /** A macro: its outcome and note (unless given beside it), its enforcement and its message to the user. */
  macroId?: string | undefined;
}

const APPEAL_OUTCOMES: readonly ReviewOutcome[] = ['appealGranted', 'appealDenied'];

/** An appeal is decided by granting or denying it; every other case by the other outcomes. */
function checkOutcomeFits(row: CaseRow, outcome: ReviewOutcome) {
  const appeal = row.source === 'appeal';
  if (appeal !== APPEAL_OUTCOMES.includes(outcome)) {
    throw badRequest(
      appeal
        ? 'An appeal is resolved with appealGranted or appealDenied'
        : 'appealGranted and appealDenied resolve appeals only',
    );
  }
}

export async function resolveCase(
  deps: CaseDeps,
  id: string,
  resolution: Resolution,
  admin: VerifiedIdentity,
): Promise<ReviewCase> {
  const macro = resolution.macroId ? await macroOf(deps.db, resolution.macroId) : null;
  const outcome = resolution.outcome ?? macro?.outcome;
  if (!outcome) throw badRequest('outcome or macroId is required');
  const note = resolution.note ?? (macro?.note || undefined);
  const row = await caseRow(deps.db, id);
  if (row.status === 'resolved') throw conflict(ALREADY_RESOLVED);
  if (row.assignee_uid !== null && row.assignee_uid !== admin.uid) throw conflict(HELD_BY_ANOTHER);
  checkOutcomeFits(row, outcome);
  if (macro?.enforcement && !row.subject_user_id) throw conflict('This case names no user the macro could enforce on');
  await applyOutcome(deps, row, outcome, admin, note);
  if (macro?.enforcement) {
    await enforce(deps, {
      userId: row.subject_user_id!,
      action: macro.enforcement.action,
      reason: caseReason(row, note),
      until: macroUntil(macro.enforcement),
      admin,
    });
  }
  if (outcome === 'appealGranted') await liftAppealedEnforcement(deps, row, admin);
  const item = await logged(deps.db, admin, 'resolveReviewCase', id, async (tx) => {
    const done = await changed(
      tx,
      sql`UPDATE review_cases SET status = 'resolved', outcome = ${outcome}, note = ${note ?? null},
                 assignee_uid = ${admin.uid}, assignee_email = ${admin.email}, resolved_at = now(), updated_at = now()
          WHERE id = ${id} AND status <> 'resolved' AND (assignee_uid IS NULL OR assignee_uid = ${admin.uid})
          RETURNING id`,
    );
    if (!done) return false;
    if (resolution.notifyReporter && row.reporter_id) {
      await notify(tx, row.reporter_id, 'reportResolved', 'A moderator reviewed what you reported. Thank you', {
        caseId: id,
        outcome,
      });
    }
    if (macro?.userMessage && row.subject_user_id) {
      await notify(
        tx,
        row.subject_user_id,
        'moderationMessage',
        'A message from the marketplace team',
        { caseId: id, outcome },
        macro.userMessage,
      );
    }
    if (row.source === 'appeal') await recordAppealDecision(tx, id, outcome === 'appealGranted');
    return true;
  });
  deps.events.emit('reviewCaseUpdated', item);
  return item;
}

/**
 * Resolves many cases with one outcome. Every case must exist (404) and none may be held by another
 * admin (409) before anything changes; cases already resolved are left as they are and not counted.
 */
export async function resolveCases(
  deps: CaseDeps,
  ids: readonly string[],
  resolution: Resolution,
  admin: VerifiedIdentity,
): Promise<{ resolved: number }> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => caseRow(deps.db, id)));
  if (rows.some((row) => row.status !== 'resolved' && row.assignee_uid !== null && row.assignee_uid !== admin.uid)) {
    throw conflict(`${HELD_BY_ANOTHER}: release it or leave it out`);
  }
  let resolved = 0;
  for (const row of rows) {
    if (row.status === 'resolved') continue;
    await resolveCase(
      deps,
      row.id,
      { outcome: resolution.outcome, note: resolution.note, macroId: resolution.macroId },
      admin,
    );
    resolved++;
  }
  return { resolved };
}
