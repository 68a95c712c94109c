// The back office's review queue: each handler hands the parsed request to the queue's reads
// (case-queue.ts, case-metrics.ts), a moderator's actions (case-actions.ts, flows/resolve-case.ts,
// case-team.ts) or the
// team's macros (macros.ts).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { claimCase, releaseCase } from './case-actions.js';
import { resolveCase, resolveCases } from './flows/resolve-case.js';
import { reviewMetrics } from './case-metrics.js';
import { listReviewCases, reviewCaseCounts, reviewCaseWithEvidence } from './case-queue.js';
import { assignCase, assigneesOf, escalateCase, queueSettings, updateQueueSettings } from './case-team.js';
import { createMacro, deleteMacro, listMacros, updateMacro } from './macros.js';

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
    'reviewCases.assignees': async () => assigneesOf(deps),
    'reviewCases.assign': async ({ params, body, admin }) => assignCase(deps, params.id, body.uid, admin),
    'reviewCases.escalate': async ({ params, body, admin }) => escalateCase(deps, params.id, body.note, admin),
    'reviewCases.metrics': async ({ query }) => reviewMetrics(db, query),
    'reviewCases.settings': async () => queueSettings(db),
    'reviewCases.updateSettings': async ({ body, admin }) => updateQueueSettings(db, body, admin),
    'macros.list': async () => listMacros(db),
    'macros.create': async ({ body, admin }) => createMacro(db, body, admin),
    'macros.update': async ({ params, body, admin }) => updateMacro(db, params.id, body, admin),
    'macros.delete': async ({ params, admin }) => {
      await deleteMacro(db, params.id, admin);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
