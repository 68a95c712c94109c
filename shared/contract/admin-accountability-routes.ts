// The admin routes of accountability: the audit log, record timelines, notes, enforcement and a
// user's whole picture. Spread into the admin route table (admin-api.ts).
import { z } from 'zod';
import {
  AuditEntry,
  EnforcementBody,
  EnforcementImpact,
  Note,
  NoteBody,
  TimelineItem,
  UserPicture,
} from './accountability.js';
import { AdminUser, id, listResponse } from './entities.js';
import { DEFAULT_LIST_LIMIT, intFromQuery, listQuery, MAX_LIST_LIMIT } from './list-query.js';
import { singleLineText } from './text.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

/** A timeline's query: page and limit only, newest first. */
export const TimelineQuery = z.strictObject({
  page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
});

/** The audit log's filters, in its list query and in its CSV export's query. */
export const AUDIT_LOG_FILTERS = {
  recordType: singleLineText().min(1).max(40).optional(),
  recordId: id.optional(),
  adminUid: singleLineText().min(1).max(128).optional(),
  action: singleLineText().min(1).max(80).optional(),
};

/** The audit log's list query with its filters. */
export const AuditLogQuery = listQuery('auditLog').extend(AUDIT_LOG_FILTERS);
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

const timeline = { query: TimelineQuery, params: byId, response: listResponse(TimelineItem) } as const;

export const accountabilityRoutes = {
  'auditLog.list': {
    description: 'One page of the audit log: what each admin did, when, to what.',
    method: 'GET',
    path: '/admin/audit-log',
    query: AuditLogQuery,
    response: listResponse(AuditEntry),
  },
  'users.timeline': {
    description: 'One page of a user’s timeline: account events, orders, enforcement, notes.',
    method: 'GET',
    path: '/admin/users/:id/timeline',
    ...timeline,
  },
  'listings.timeline': {
    description: 'One page of a listing’s timeline: changes, bids, reports, notes.',
    method: 'GET',
    path: '/admin/listings/active/:id/timeline',
    ...timeline,
  },
  'orders.timeline': {
    description: 'One page of an order’s timeline: payment, shipping, refunds, notes.',
    method: 'GET',
    path: '/admin/listings/order/:id/timeline',
    ...timeline,
  },
  'notes.create': {
    description: 'Adds an internal note to a user, listing or order (shown on its timeline).',
    method: 'POST',
    path: '/admin/notes',
    body: NoteBody,
    // The user, listing or order the body names may not exist.
    errors: [404],
    response: Note,
  },
  'users.enforcementImpact': {
    description: 'What an enforcement on a user would touch (active listings, open orders, bids) before it is applied.',
    method: 'GET',
    path: '/admin/users/:id/enforcement-impact',
    params: byId,
    response: EnforcementImpact,
  },
  'users.enforce': {
    description: 'Applies an enforcement to a user (warn, suspend selling, suspend, ban, lift) with a reason.',
    method: 'POST',
    path: '/admin/users/:id/enforcement',
    params: byId,
    body: EnforcementBody,
    response: AdminUser,
  },
  'users.picture': {
    description: 'A user’s whole picture for a decision: account, enforcement, reports and activity.',
    method: 'GET',
    path: '/admin/users/:id/picture',
    params: byId,
    response: UserPicture,
  },
} as const satisfies Record<string, RouteDef>;
