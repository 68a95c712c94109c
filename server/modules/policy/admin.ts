// The back office's policy: the admin route table's handlers over policy-rules.ts, policy-lists.ts
// and backtest.ts.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { runBacktest } from './backtest.js';
import { createPolicyList, deletePolicyList, listPolicyLists, updatePolicyList } from './policy-lists.js';
import {
  createRule,
  deleteRule,
  getRule,
  listRuleMatches,
  listRules,
  listRuleVersions,
  updateRule,
  validateExpression,
} from './policy-rules.js';

export function policyHandlers(deps: AdminDeps) {
  const { db } = deps;
  return {
    'rules.list': async ({ query }) => listRules(db, query),
    'rules.create': async ({ body, admin }) => createRule(db, admin, body),
    'rules.validate': async ({ body }) => {
      await validateExpression(db, body.event, body.expression);
      return { valid: true as const };
    },
    'rules.get': async ({ params }) => getRule(db, params.id),
    'rules.update': async ({ params, body, admin }) => updateRule(db, admin, params.id, body),
    'rules.delete': async ({ params, admin }) => {
      await deleteRule(db, admin, params.id);
      return undefined;
    },
    'rules.backtest': async ({ params, body }) => runBacktest(db, params.id, body.days),
    'rules.matches': async ({ params, query }) => listRuleMatches(db, params.id, query),
    'rules.versions': async ({ params, query }) => listRuleVersions(db, params.id, query),
    'policyLists.list': async () => listPolicyLists(db),
    'policyLists.create': async ({ body, admin }) => createPolicyList(db, admin, body),
    'policyLists.update': async ({ params, body, admin }) => updatePolicyList(db, admin, params.id, body.items),
    'policyLists.delete': async ({ params, admin }) => {
      await deletePolicyList(db, admin, params.id);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
