// What a moderator does with a case: claim it (one holder at a time) or release it, each one
// conditional UPDATE so two admins racing for a case cannot both win; and the steps resolving runs
// (flows/resolve-case.ts): the case locked and checked, the outcome's content removal through the
// area that owns the content. Each action is in the admin log and reaches every open back office
// as `reviewCaseUpdated`.
import { sql } from 'drizzle-orm';
import type { ReviewCase, ReviewOutcome } from '../../../shared/contract/review-cases.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import type { AdminOutbox } from '../../platform/events/admin-unit-of-work.js';
import { reviewCaseReporters, reviewCases } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { AdminDeps } from '../../platform/http/admin-handler.js';
import { badRequest, conflict, HttpError } from '../../platform/http/errors.js';
import { removeAuctionMessageIn, removeChatMessageIn } from '../conversations/index.js';
import { deleteListingIn } from '../listings/index.js';
import { caseItem, caseRow, type CaseRow } from './case-items.js';

export const HELD_BY_ANOTHER = 'Another admin holds this case';
export const ALREADY_RESOLVED = 'This case is already resolved';

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

/**
 * The case, locked FOR UPDATE for the rest of the caller's transaction, and still the caller's to
 * resolve: 404 unknown, 409 resolved or held by another admin. A second admin resolving, claiming
 * or bulk-resolving the same case waits here for the first one's commit and then sees its result.
 */
export async function lockOpenCase(tx: Executor, id: string, admin: VerifiedIdentity): Promise<CaseRow> {
  await readRows(tx, CHANGED_CASE, sql`SELECT id FROM review_cases WHERE id = ${id} FOR UPDATE`);
  const row = await caseRow(tx, id);
  if (row.status === 'resolved') throw conflict(ALREADY_RESOLVED);
  if (row.assignee_uid !== null && row.assignee_uid !== admin.uid) throw conflict(HELD_BY_ANOTHER);
  return row;
}

/**
 * The `contentRemoved` outcome, through the area that owns the content, in the caller's unit of
 * work. Content already gone counts as removed: its 404 is decided before anything is written.
 */
export async function removeCaseContent(
  tx: Executor,
  outbox: AdminOutbox,
  row: CaseRow,
  admin: VerifiedIdentity,
): Promise<void> {
  const remove =
    row.subject_type === 'chatMessage'
      ? () => removeChatMessageIn(tx, outbox, admin, row.subject_id)
      : row.subject_type === 'auctionMessage'
        ? () => removeAuctionMessageIn(tx, outbox, admin, row.subject_id)
        : row.subject_type === 'listing'
          ? () => deleteListingIn(tx, row.subject_id, admin)
          : null;
  if (!remove) throw conflict('This case has no content to remove: its subject is not a message or a listing');
  await remove().catch((error: unknown) => {
    if (!isNotFound(error)) throw error;
  });
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
export function checkOutcomeFits(row: CaseRow, outcome: ReviewOutcome) {
  const appeal = row.source === 'appeal';
  if (appeal !== APPEAL_OUTCOMES.includes(outcome)) {
    throw badRequest(
      appeal
        ? 'An appeal is resolved with appealGranted or appealDenied'
        : 'appealGranted and appealDenied resolve appeals only',
    );
  }
}

/** The case's new state: resolved by the caller with the outcome and note (the lock holds it). */
export async function markResolved(
  tx: Executor,
  id: string,
  outcome: ReviewOutcome,
  note: string | undefined,
  admin: VerifiedIdentity,
): Promise<void> {
  await tx.execute(
    sql`UPDATE review_cases SET status = 'resolved', outcome = ${outcome}, note = ${note ?? null},
               assignee_uid = ${admin.uid}, assignee_email = ${admin.email}, resolved_at = now(), updated_at = now()
        WHERE id = ${id}`,
  );
}

/** Everyone whose report opened or joined the case, once each (the first reporter before 0090 too). */
export async function reportersOf(tx: Executor, row: CaseRow): Promise<string[]> {
  const rows = await readRows(
    tx,
    sqlRow(reviewCaseReporters, 'reporter_id'),
    sql`SELECT reporter_id FROM review_case_reporters WHERE case_id = ${row.id} ORDER BY joined_at, reporter_id`,
  );
  const reporters = rows.map((one) => one.reporter_id);
  if (row.reporter_id && !reporters.includes(row.reporter_id)) reporters.unshift(row.reporter_id);
  return reporters;
}
