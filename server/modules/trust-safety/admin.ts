// The back office's review queue: each handler hands the parsed request to the queue's reads
// (case-queue.ts) or a moderator's actions (case-actions.ts).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { claimCase, releaseCase, resolveCase, resolveCases } from './case-actions.js';
import { listReviewCases, reviewCaseCounts, reviewCaseWithEvidence } from './case-queue.js';

export function reviewCaseHandlers(deps: AdminDeps) {
  const { db } = deps;
  return {
    'reviewCases.list': async ({ query }) => listReviewCases(db, query),
    'reviewCases.counts': async () => reviewCaseCounts(db),
    'reviewCases.get': async ({ params }) => reviewCaseWithEvidence(db, params.id),
    'reviewCases.claim': async ({ params, admin }) => claimCase(deps, params.id, admin),
    'reviewCases.release': async ({ params, admin }) => releaseCase(deps, params.id, admin),
    'reviewCases.resolve': async ({ params, body, admin }) => resolveCase(deps, params.id, body, admin),
    'reviewCases.bulkResolve': async ({ body, admin }) => resolveCases(deps, body.ids, body, admin),
  } satisfies Partial<AdminHandlers>;
}
