// The back office's accountability routes: the audit log, record timelines, notes and a user's
// whole picture.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { listAuditLog } from './audit-log.js';
import { addNote } from './notes.js';
import { listingTimeline, orderTimeline, userTimeline } from './record-timelines.js';
import { userPicture } from './user-picture.js';

export function accountabilityHandlers({ db }: AdminDeps) {
  return {
    'auditLog.list': async ({ query }) => listAuditLog(db, query),
    'users.timeline': async ({ params, query }) => userTimeline(db, params.id, query),
    'listings.timeline': async ({ params, query }) => listingTimeline(db, params.id, query),
    'orders.timeline': async ({ params, query }) => orderTimeline(db, params.id, query),
    'notes.create': async ({ body, admin }) => addNote(db, admin, body),
    'users.picture': async ({ params }) => userPicture(db, params.id),
  } satisfies Partial<AdminHandlers>;
}
