// The review queue's team routes (ARCHITECTURE.md, "The review queue at team scale"), spread into the
// admin route table: assign and escalate, macros, metrics, the team's settings and saved views.
// `metrics`, `settings` and `assignees` are declared before the queue's `:id` routes so they are never read as an id.
import { z } from 'zod';
import { id } from './entities.js';
import { ReviewCase } from './review-cases.js';
import {
  AssignCaseBody,
  AssigneeList,
  CreateMacroBody,
  CreateViewBody,
  EscalateCaseBody,
  Macro,
  MacroList,
  MetricsQuery,
  RenameViewBody,
  ReviewMetrics,
  ReviewQueueSettings,
  SavedView,
  SavedViewList,
  UpdateMacroBody,
  UpdateReviewQueueSettings,
} from './review-team.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

export const reviewTeamRoutes = {
  'reviewCases.metrics': {
    description: "The review queue's backlog, per-source and per-admin figures over a date range.",
    method: 'GET',
    path: '/admin/review-cases/metrics',
    query: MetricsQuery,
    response: ReviewMetrics,
  },
  'reviewCases.settings': {
    description: "The review queue's team settings (auto-assignment).",
    method: 'GET',
    path: '/admin/review-cases/settings',
    response: ReviewQueueSettings,
  },
  'reviewCases.updateSettings': {
    description: 'Turns auto-assignment of new cases on or off (owner only).',
    method: 'PATCH',
    path: '/admin/review-cases/settings',
    body: UpdateReviewQueueSettings,
    response: ReviewQueueSettings,
  },
  'reviewCases.assignees': {
    description:
      'The admins a case may be assigned to (their role may work cases), online first: online means an open back office on any API node.',
    method: 'GET',
    path: '/admin/review-cases/assignees',
    response: AssigneeList,
  },
  'reviewCases.assign': {
    description: 'Assigns a case to another admin whose role may work cases.',
    method: 'PATCH',
    path: '/admin/review-cases/:id/assign',
    params: byId,
    body: AssignCaseBody,
    response: ReviewCase,
  },
  'reviewCases.escalate': {
    description: 'Escalates a case: high priority, marked escalated, with a note.',
    method: 'PATCH',
    path: '/admin/review-cases/:id/escalate',
    params: byId,
    body: EscalateCaseBody,
    response: ReviewCase,
  },
  'macros.list': {
    description: 'Lists the moderation macros (title, outcome, note, message to the user, enforcement).',
    method: 'GET',
    path: '/admin/macros',
    response: MacroList,
  },
  'macros.create': {
    description: 'Creates a moderation macro (owner only).',
    method: 'POST',
    path: '/admin/macros',
    body: CreateMacroBody,
    response: Macro,
  },
  'macros.update': {
    description: 'Changes a moderation macro (owner only).',
    method: 'PATCH',
    path: '/admin/macros/:id',
    params: byId,
    body: UpdateMacroBody,
    response: Macro,
  },
  'macros.delete': {
    description: 'Deletes a moderation macro (owner only).',
    method: 'DELETE',
    path: '/admin/macros/:id',
    params: byId,
    response: null,
  },
  'views.list': {
    description: "Lists the caller's saved views and the team's shared ones.",
    method: 'GET',
    path: '/admin/views',
    response: SavedViewList,
  },
  'views.create': {
    description: "Saves a table's search, sort and filters as a named view, private or shared.",
    method: 'POST',
    path: '/admin/views',
    body: CreateViewBody,
    response: SavedView,
  },
  'views.rename': {
    description: "Renames one of the caller's saved views (a shared one too: for everyone it is shared with).",
    method: 'PATCH',
    path: '/admin/views/:id',
    params: byId,
    body: RenameViewBody,
    response: SavedView,
  },
  'views.delete': {
    description: "Deletes one of the caller's saved views.",
    method: 'DELETE',
    path: '/admin/views/:id',
    params: byId,
    response: null,
  },
} as const satisfies Record<string, RouteDef>;
