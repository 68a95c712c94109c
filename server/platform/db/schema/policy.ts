// Policy rules, their versions, the named lists, matches and backtests (migration 0096): the
// policy area's tables.
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { POLICY_EVENTS, POLICY_LIST_KINDS, RULE_ACTIONS, RULE_MODES } from '../../../../shared/contract/policy.js';
import { REVIEW_PRIORITIES } from '../../../../shared/contract/review-cases.js';
import { at, columnCheck, createdAt, fkey, updatedAt, uuidId } from './columns.js';

export const policyRules = pgTable(
  'policy_rules',
  {
    id: uuidId(),
    name: text('name').notNull(),
    event: text('event', { enum: POLICY_EVENTS }).notNull(),
    expression: text('expression').notNull(),
    action: text('action', { enum: RULE_ACTIONS }).notNull(),
    priority: text('priority', { enum: REVIEW_PRIORITIES }).notNull().default('normal'),
    publicMessage: text('public_message'),
    mode: text('mode', { enum: RULE_MODES }).notNull().default('off'),
    version: integer('version').notNull().default(1),
    createdByUid: text('created_by_uid').notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    // 0107: the owner's precision target (0–1), null when none is set.
    precisionTarget: doublePrecision('precision_target'),
  },
  () => [
    columnCheck('policy_rules', 'event', sql`event IN ('bid', 'message', 'listing', 'signUp', 'order')`),
    columnCheck('policy_rules', 'action', sql`action IN ('openCase', 'holdListing', 'holdPayout', 'block')`),
    columnCheck('policy_rules', 'priority', sql`priority IN ('high', 'normal', 'low')`),
    columnCheck('policy_rules', 'mode', sql`mode IN ('off', 'shadow', 'on')`),
    uniqueIndex('policy_rules_live_name_key')
      .on(sql`lower(name)`)
      .where(sql`deleted_at IS NULL`),
  ],
);

export const policyRuleVersions = pgTable(
  'policy_rule_versions',
  {
    ruleId: text('rule_id').notNull(),
    version: integer('version').notNull(),
    event: text('event', { enum: POLICY_EVENTS }).notNull(),
    expression: text('expression').notNull(),
    action: text('action', { enum: RULE_ACTIONS }).notNull(),
    mode: text('mode', { enum: RULE_MODES }).notNull(),
    createdByUid: text('created_by_uid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'policy_rule_versions_pkey', columns: [t.ruleId, t.version] }),
    fkey('policy_rule_versions', t.ruleId, policyRules.id),
  ],
);

export const policyLists = pgTable(
  'policy_lists',
  {
    id: uuidId(),
    name: text('name').notNull(),
    kind: text('kind', { enum: POLICY_LIST_KINDS }).notNull(),
    items: jsonb('items').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    columnCheck('policy_lists', 'kind', sql`kind IN ('words', 'domains')`),
    uniqueIndex('policy_lists_live_name_key')
      .on(t.name)
      .where(sql`deleted_at IS NULL`),
  ],
);

export const policyMatches = pgTable(
  'policy_matches',
  {
    id: uuidId(),
    ruleId: text('rule_id').notNull(),
    version: integer('version').notNull(),
    mode: text('mode', { enum: RULE_MODES }).notNull(),
    subjectId: text('subject_id').notNull(),
    actorId: text('actor_id').notNull(),
    action: text('action', { enum: RULE_ACTIONS }).notNull(),
    done: boolean('done').notNull().default(false),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    fkey('policy_matches', t.ruleId, policyRules.id),
    columnCheck('policy_matches', 'mode', sql`mode IN ('off', 'shadow', 'on')`),
    columnCheck('policy_matches', 'action', sql`action IN ('openCase', 'holdListing', 'holdPayout', 'block')`),
    index('policy_matches_rule_at_idx').on(t.ruleId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const policyBacktests = pgTable(
  'policy_backtests',
  {
    id: uuidId(),
    ruleId: text('rule_id').notNull(),
    version: integer('version').notNull(),
    days: integer('days').notNull(),
    evaluated: integer('evaluated').notNull(),
    matches: integer('matches').notNull(),
    byOutcome: jsonb('by_outcome').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('policy_backtests', t.ruleId, policyRules.id),
    index('policy_backtests_rule_idx').on(t.ruleId, t.version),
  ],
);
