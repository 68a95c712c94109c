// The review queue's team routes (ARCHITECTURE.md, "The review queue at team scale"), spread into the
// admin route table: assign and escalate, macros, metrics, the team's settings and saved views.
// `metrics` and `settings` are declared before the queue's `:id` routes so they are never read as an id.
import { z } from 'zod';
import { id } from './entities.js';
import { ReviewCase } from './review-cases.js';
import {
  AssignCaseBody,
  CreateMacroBody,
  CreateViewBody,
  EscalateCaseBody,
  Macro,
  MacroList,
  MetricsQuery,
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
    method: 'GET',
    path: '/admin/review-cases/metrics',
    query: MetricsQuery,
    response: ReviewMetrics,
  },
  'reviewCases.settings': { method: 'GET', path: '/admin/review-cases/settings', response: ReviewQueueSettings },
  'reviewCases.updateSettings': {
    method: 'PATCH',
    path: '/admin/review-cases/settings',
    body: UpdateReviewQueueSettings,
    response: ReviewQueueSettings,
  },
  'reviewCases.assign': {
    method: 'PATCH',
    path: '/admin/review-cases/:id/assign',
    params: byId,
    body: AssignCaseBody,
    response: ReviewCase,
  },
  'reviewCases.escalate': {
    method: 'PATCH',
    path: '/admin/review-cases/:id/escalate',
    params: byId,
    body: EscalateCaseBody,
    response: ReviewCase,
  },
  'macros.list': { method: 'GET', path: '/admin/macros', response: MacroList },
  'macros.create': { method: 'POST', path: '/admin/macros', body: CreateMacroBody, response: Macro },
  'macros.update': { method: 'PATCH', path: '/admin/macros/:id', params: byId, body: UpdateMacroBody, response: Macro },
  'macros.delete': { method: 'DELETE', path: '/admin/macros/:id', params: byId, response: null },
  'views.list': { method: 'GET', path: '/admin/views', response: SavedViewList },
  'views.create': { method: 'POST', path: '/admin/views', body: CreateViewBody, response: SavedView },
  'views.delete': { method: 'DELETE', path: '/admin/views/:id', params: byId, response: null },
} as const satisfies Record<string, RouteDef>;
