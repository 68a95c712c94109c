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
    description: 'One page of the review queue, filtered by status, source, subject type and priority.',
    method: 'GET',
    path: '/admin/review-cases',
    query: reviewCaseQuery,
    response: listResponse(ReviewCase),
  },
  'reviewCases.counts': {
    description: 'How many review cases are open, per status and priority (the queue’s badges).',
    method: 'GET',
    path: '/admin/review-cases/counts',
    response: ReviewCaseCounts,
  },
  'reviewCases.get': {
    description: 'One review case with its evidence and history.',
    method: 'GET',
    path: '/admin/review-cases/:id',
    params: byId,
    response: ReviewCaseWithEvidence,
  },
  'reviewCases.claim': {
    description: 'Claims a review case for the calling admin.',
    method: 'PATCH',
    path: '/admin/review-cases/:id/claim',
    params: byId,
    body: empty.optional(),
    response: ReviewCase,
  },
  'reviewCases.release': {
    description: 'Releases a claimed review case back to the queue.',
    method: 'PATCH',
    path: '/admin/review-cases/:id/release',
    params: byId,
    body: empty.optional(),
    response: ReviewCase,
  },
  'reviewCases.resolve': {
    description: 'Resolves a review case with a decision and, optionally, an action on its subject.',
    method: 'POST',
    path: '/admin/review-cases/:id/resolve',
    params: byId,
    body: ResolveCaseBody,
    response: ReviewCase,
  },
  'reviewCases.bulkResolve': {
    description:
      'Resolves several review cases with one decision, all or none: a 404 or 409 names the first case that stopped it.',
    method: 'POST',
    path: '/admin/review-cases/resolve',
    body: BulkResolveBody,
    errors: [404],
    response: z.object({ resolved: z.number().int().nonnegative() }),
  },
} as const satisfies Record<string, RouteDef>;
