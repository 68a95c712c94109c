// The review queue at team scale (ARCHITECTURE.md, "The review queue at team scale"): assigning and
// escalating cases, macros, appeals, the queue's metrics, the team's settings and saved views.
// The admin routes are in admin-review-team-routes.ts; the appeal routes in market/appeals.ts.
import { z } from 'zod';
import { id, isoDate } from './entities.js';
import { ADMIN_ROLES, ENFORCEMENT_ACTIONS, SORT_ORDERS } from './enums.js';
import { SORT_KEYS, type ListName } from './list-query.js';
import { REVIEW_CASE_SOURCES, REVIEW_OUTCOMES } from './review-cases.js';
import { freeText, singleLineText } from './text.js';
import { endOfQueryDate, queryDate, startOfQueryDate } from './query-dates.js';

const uid = singleLineText().min(1).max(128);
const adminRef = z.object({ uid: z.string().max(128), email: z.string().max(320).nullable() });

export const AssignCaseBody = z.strictObject({ uid });
/** An admin a case may be assigned to, their role (one that may work cases), and whether they have the app open now. */
export const Assignee = z.object({
  uid: z.string().max(128),
  email: z.string().max(320).nullable(),
  role: z.enum(ADMIN_ROLES),
  online: z.boolean(),
});
export type Assignee = z.infer<typeof Assignee>;
/** The team's size bound (TEAM_SIZE_MAX in admin-team-routes.ts). */
export const AssigneeList = z.object({ items: z.array(Assignee).max(500) });
export const EscalateCaseBody = z.strictObject({ note: freeText().min(1).max(2000) });

/** What a macro may enforce: every enforcement but lifting one. */
export const MACRO_ENFORCEMENTS = ENFORCEMENT_ACTIONS.filter((action) => action !== 'lift') as [
  'warn',
  'suspendSelling',
  'suspend',
  'ban',
];
export const MacroEnforcement = z.strictObject({ action: z.enum(MACRO_ENFORCEMENTS), until: isoDate.optional() });

const macroFields = {
  title: singleLineText().trim().min(1).max(120),
  outcome: z.enum(REVIEW_OUTCOMES),
  note: freeText().max(2000),
  userMessage: freeText().min(1).max(2000).optional(),
  enforcement: MacroEnforcement.optional(),
};
export const Macro = z.object({
  id,
  title: z.string().max(120),
  outcome: z.enum(REVIEW_OUTCOMES),
  note: z.string().max(2000),
  userMessage: z.string().max(2000).optional(),
  enforcement: z.object({ action: z.enum(MACRO_ENFORCEMENTS), until: isoDate.optional() }).optional(),
});
export type Macro = z.infer<typeof Macro>;
export const CreateMacroBody = z.strictObject(macroFields);
export type CreateMacroBody = z.infer<typeof CreateMacroBody>;
/** Every field optional; `null` removes the message or the enforcement. */
export const UpdateMacroBody = z.strictObject({
  title: macroFields.title.optional(),
  outcome: macroFields.outcome.optional(),
  note: macroFields.note.optional(),
  userMessage: macroFields.userMessage.unwrap().nullable().optional(),
  enforcement: MacroEnforcement.nullable().optional(),
});
export type UpdateMacroBody = z.infer<typeof UpdateMacroBody>;
export const MacroList = z.object({ items: z.array(Macro).max(500) });

export const APPEAL_STATUSES = ['open', 'granted', 'denied'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
/** How long after an enforcement its user may appeal it. */
export const APPEAL_WINDOW_DAYS = 30;
export const CreateAppealBody = z.strictObject({ enforcementId: id, text: freeText().trim().min(1).max(2000) });
export type CreateAppealBody = z.infer<typeof CreateAppealBody>;
export const AppealCreated = z.object({ id, status: z.literal('open') });
export const Appeal = z.object({
  id,
  enforcementId: id,
  text: z.string().max(2000),
  status: z.enum(APPEAL_STATUSES),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});
export type Appeal = z.infer<typeof Appeal>;
export const AppealList = z.object({ count: z.number().int().min(0).max(10_000), items: z.array(Appeal).max(10_000) });

/** `?from&to`: ISO dates (query-dates.ts), read as the instants they begin and end; `from` ≤ `to`. */
export const MetricsQuery = z
  .strictObject({ from: queryDate.transform(startOfQueryDate), to: queryDate.transform(endOfQueryDate) })
  .refine((q) => q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
const minutes = z.number().min(0).max(1e9).nullable();
const count = z.number().int().min(0).max(1e9);
export const ReviewMetrics = z.object({
  backlog: z.object({ open: count, claimed: count, overdue: count }),
  bySource: z
    .array(
      z.object({
        source: z.enum(REVIEW_CASE_SOURCES),
        opened: count,
        resolved: count,
        medianMinutesToResolve: minutes,
      }),
    )
    .max(REVIEW_CASE_SOURCES.length),
  byAdmin: z
    .array(
      z.object({
        admin: adminRef,
        resolved: count,
        medianMinutesToFirstAction: minutes,
        medianMinutesToResolve: minutes,
      }),
    )
    .max(1000),
});
export type ReviewMetrics = z.infer<typeof ReviewMetrics>;

export const ReviewQueueSettings = z.object({ autoAssign: z.boolean() });
export type ReviewQueueSettings = z.infer<typeof ReviewQueueSettings>;
export const UpdateReviewQueueSettings = z.strictObject({ autoAssign: z.boolean() });

/** The lists a view can be saved of: every admin table, and the review queue. */
export const VIEW_LISTS: readonly [ListName | 'reviewCases', ...(ListName | 'reviewCases')[]] = [
  'reviewCases',
  ...(Object.keys(SORT_KEYS) as ListName[]),
];
export type ViewListName = ListName | 'reviewCases';
const filterValue = z.union([singleLineText().max(200), z.array(singleLineText().max(200)).max(20)]);
export const ViewQuery = z.strictObject({
  search: singleLineText().max(200).optional(),
  sortBy: singleLineText().max(64).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  filters: z.record(singleLineText().max(64), filterValue).optional(),
});
export type ViewQuery = z.infer<typeof ViewQuery>;
export const SavedView = z.object({
  id,
  list: z.enum(VIEW_LISTS),
  name: z.string().max(120),
  query: ViewQuery,
  shared: z.boolean(),
  owner: adminRef,
});
export type SavedView = z.infer<typeof SavedView>;
export const CreateViewBody = z.strictObject({
  list: z.enum(VIEW_LISTS),
  name: singleLineText().trim().min(1).max(120),
  query: ViewQuery,
  shared: z.boolean().optional(),
});
export type CreateViewBody = z.infer<typeof CreateViewBody>;
/** A view's new name: only the admin who saved it renames it (shared or not). */
export const RenameViewBody = z.strictObject({ name: CreateViewBody.shape.name });
export type RenameViewBody = z.infer<typeof RenameViewBody>;
export const SavedViewList = z.object({ items: z.array(SavedView).max(1000) });
