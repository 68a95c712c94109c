// The review queue's admin routes (ARCHITECTURE.md, "Trust and safety: review cases"), spread into
// the admin route table. `counts` is declared before `:id` so the path is never read as an id.
import { z } from 'zod';
import { id, listResponse } from './entities.js';
import {
  BulkResolveBody,
  ResolveCaseBody,
  ReviewCase,
  ReviewCaseCounts,
  ReviewCaseWithEvidence,
  reviewCaseQuery,
} from './review-cases.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });
const empty = z.strictObject({});

export const reviewCaseRoutes = {
  'reviewCases.list': {
    method: 'GET',
    path: '/admin/review-cases',
    query: reviewCaseQuery,
    response: listResponse(ReviewCase),
  },
  'reviewCases.counts': { method: 'GET', path: '/admin/review-cases/counts', response: ReviewCaseCounts },
  'reviewCases.get': { method: 'GET', path: '/admin/review-cases/:id', params: byId, response: ReviewCaseWithEvidence },
  'reviewCases.claim': {
    method: 'PATCH',
    path: '/admin/review-cases/:id/claim',
    params: byId,
    body: empty.optional(),
    response: ReviewCase,
  },
  'reviewCases.release': {
    method: 'PATCH',
    path: '/admin/review-cases/:id/release',
    params: byId,
    body: empty.optional(),
    response: ReviewCase,
  },
  'reviewCases.resolve': {
    method: 'POST',
    path: '/admin/review-cases/:id/resolve',
    params: byId,
    body: ResolveCaseBody,
    response: ReviewCase,
  },
  'reviewCases.bulkResolve': {
    method: 'POST',
    path: '/admin/review-cases/resolve',
    body: BulkResolveBody,
    response: z.object({ resolved: z.number().int().nonnegative() }),
  },
} as const satisfies Record<string, RouteDef>;
