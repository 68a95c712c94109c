// The admin routes of policy (ARCHITECTURE.md, "Policy"), spread into the admin route table.
// `validate` is declared before `:id` so the path is never read as an id.
import { z } from 'zod';
import { id, listResponse } from './entities.js';
import {
  Backtest,
  BacktestBody,
  PolicyList,
  PolicyListBody,
  PolicyListPatch,
  PolicyLists,
  Rule,
  RuleBody,
  RuleMatch,
  ruleMatchQuery,
  RulePatch,
  ruleQuery,
  RuleValid,
  RuleValidateBody,
  RuleVersion,
} from './policy.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

export const adminPolicyRoutes = {
  'rules.list': {
    description: 'One page of the policy rules (not deleted), searched by name and expression.',
    method: 'GET',
    path: '/admin/rules',
    query: ruleQuery,
    response: listResponse(Rule),
  },
  'rules.create': {
    description:
      'Saves a rule: its CEL expression is checked against the event’s typed context (400 with the error and its position); version 1; an audit entry.',
    method: 'POST',
    path: '/admin/rules',
    body: RuleBody,
    response: Rule,
  },
  'rules.validate': {
    description: 'Checks a CEL expression against an event’s typed context without saving it.',
    method: 'POST',
    path: '/admin/rules/validate',
    body: RuleValidateBody,
    response: RuleValid,
  },
  'rules.get': {
    description: 'A rule with its stats: matches and actions of the last 7 days, upheld, overturned, precision.',
    method: 'GET',
    path: '/admin/rules/:id',
    params: byId,
    response: Rule,
  },
  'rules.update': {
    description:
      'Changes a rule: a new version; `on` only when the current version has a backtest (409 backtestRequired); an audit entry.',
    method: 'PATCH',
    path: '/admin/rules/:id',
    params: byId,
    body: RulePatch,
    response: Rule,
  },
  'rules.delete': {
    description: 'Deletes a rule: it stops applying on every node within 5 s; its matches stay; an audit entry.',
    method: 'DELETE',
    path: '/admin/rules/:id',
    params: byId,
    response: null,
  },
  'rules.backtest': {
    description:
      'Replays the stored events of the last 1–90 days through the rule’s current version: matches split by what later happened, with samples.',
    method: 'POST',
    path: '/admin/rules/:id/backtest',
    params: byId,
    body: BacktestBody,
    response: Backtest,
  },
  'rules.matches': {
    description: 'A rule’s matches (shadow and on), newest first.',
    method: 'GET',
    path: '/admin/rules/:id/matches',
    params: byId,
    query: ruleMatchQuery,
    response: listResponse(RuleMatch),
  },
  'rules.versions': {
    description:
      'Every version of a rule, newest first: its event, expression, action and mode, who saved it and when.',
    method: 'GET',
    path: '/admin/rules/:id/versions',
    params: byId,
    query: ruleMatchQuery,
    response: listResponse(RuleVersion),
  },
  'policyLists.list': {
    description: 'Every named list rules may read (`lists.<name>`).',
    method: 'GET',
    path: '/admin/lists',
    response: PolicyLists,
  },
  'policyLists.create': {
    description: 'Saves a named list of words or domains (409 when the name is taken); an audit entry.',
    method: 'POST',
    path: '/admin/lists',
    body: PolicyListBody,
    response: PolicyList,
  },
  'policyLists.update': {
    description: 'Replaces a list’s items: in force on every node within 5 s; an audit entry.',
    method: 'PATCH',
    path: '/admin/lists/:id',
    params: byId,
    body: PolicyListPatch,
    response: PolicyList,
  },
  'policyLists.delete': {
    description: 'Deletes a list (409 while a rule reads it); an audit entry.',
    method: 'DELETE',
    path: '/admin/lists/:id',
    params: byId,
    response: null,
  },
} as const satisfies Record<string, RouteDef>;
