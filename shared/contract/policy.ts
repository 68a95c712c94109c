// The shapes of policy (ARCHITECTURE.md, "Policy"): rules written in CEL over one kind of market
// event, the named lists they read, their matches and their backtests. The typed context of each
// event kind is declared here once: the server checks every rule against it when it is saved, and
// the app's editor shows the same fields. The routes are in admin-policy-routes.ts.
import { z } from 'zod';
import { RecordRef } from './accountability.js';
import { storedLine, storedText } from './answer-limits.js';
import { id, isoDate } from './entities.js';
import { SORT_ORDERS } from './enums.js';
import { DEFAULT_LIST_LIMIT, intFromQuery, MAX_LIST_LIMIT } from './list-query.js';
import { REVIEW_PRIORITIES } from './review-cases.js';
import { freeText, singleLineText } from './text.js';

export const POLICY_EVENTS = ['bid', 'message', 'listing', 'signUp', 'order'] as const;
export type PolicyEvent = (typeof POLICY_EVENTS)[number];
export const RULE_ACTIONS = ['openCase', 'holdListing', 'holdPayout', 'block'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_MODES = ['off', 'shadow', 'on'] as const;
export type RuleMode = (typeof RULE_MODES)[number];
export const POLICY_LIST_KINDS = ['words', 'domains'] as const;
export type PolicyListKind = (typeof POLICY_LIST_KINDS)[number];

/** A CEL type name, as the evaluator declares a field: money is a double (USD), counts are ints. */
export type CelFieldType = 'string' | 'int' | 'double' | 'bool';

/** `actor`: the account behind every event. */
export const ACTOR_FIELDS = {
  id: 'string',
  ageDays: 'int',
  sellerEnabled: 'bool',
  ordersAsBuyer: 'int',
  ordersAsSeller: 'int',
  /** Enforcements of the last 365 days. */
  enforcements: 'int',
  /** 1 when the account is linked to nobody. */
  ringSize: 'int',
  emailDomain: 'string',
  sellerLevel: 'string',
} as const satisfies Record<string, CelFieldType>;

/** The event's own variable, named after its kind (`bid`, `message`, …). */
export const EVENT_FIELDS = {
  bid: {
    amount: 'double',
    maxBid: 'double',
    listingId: 'string',
    sellerId: 'string',
    /** The auction's bids before this one. */
    bidCount: 'int',
    endsInMinutes: 'int',
    sharesRingWithSeller: 'bool',
  },
  message: {
    text: 'string',
    kind: 'string',
    /** The auction's listing for an auction message; "" for a chat message. */
    listingId: 'string',
  },
  listing: {
    title: 'string',
    description: 'string',
    listingType: 'string',
    price: 'double',
    change: 'string',
    bidCount: 'int',
  },
  signUp: { email: 'string', emailDomain: 'string' },
  order: { total: 'double', listingId: 'string', sellerId: 'string', sharesRingWithSeller: 'bool' },
} as const satisfies Record<PolicyEvent, Record<string, CelFieldType>>;

const name = singleLineText().trim().min(1).max(120);
/** A rule's CEL text: long enough for any sensible rule, short enough to read at a glance. */
export const expression = freeText().trim().min(1).max(4000);
const publicMessage = singleLineText().trim().min(1).max(500);

export const RuleStats = z.object({
  matches7d: z.number().int().nonnegative(),
  actions7d: z.number().int().nonnegative(),
  upheld: z.number().int().nonnegative(),
  overturned: z.number().int().nonnegative(),
  precision: z.number().min(0).max(1).nullable(),
});
export type RuleStats = z.infer<typeof RuleStats>;

export const Rule = z.object({
  id,
  name: storedLine(),
  event: z.enum(POLICY_EVENTS),
  expression: storedText(),
  action: z.enum(RULE_ACTIONS),
  priority: z.enum(REVIEW_PRIORITIES),
  publicMessage: storedLine().nullable(),
  mode: z.enum(RULE_MODES),
  version: z.number().int().positive(),
  createdBy: z.object({ uid: storedLine(), email: storedLine().nullable() }),
  updatedAt: isoDate,
  /**
   * The precision the owner expects (0–1; beside DECISIONS' fields), null when none is set: the
   * app warns when `stats.precision` falls below it. Only the owner role sets it.
   */
  precisionTarget: z.number().min(0).max(1).nullable(),
  stats: RuleStats.optional(),
});
export type Rule = z.infer<typeof Rule>;

const ruleFields = {
  name,
  event: z.enum(POLICY_EVENTS),
  expression,
  action: z.enum(RULE_ACTIONS),
  priority: z.enum(REVIEW_PRIORITIES).optional(),
  publicMessage: publicMessage.optional(),
  mode: z.enum(RULE_MODES).optional(),
  precisionTarget: z.number().min(0).max(1).nullable().optional(),
};
export const RuleBody = z.strictObject(ruleFields);
export type RuleBody = z.infer<typeof RuleBody>;
export const RulePatch = z
  .strictObject({
    name: ruleFields.name.optional(),
    event: ruleFields.event.optional(),
    expression: ruleFields.expression.optional(),
    action: ruleFields.action.optional(),
    priority: ruleFields.priority,
    publicMessage: publicMessage.nullable().optional(),
    mode: ruleFields.mode,
    precisionTarget: ruleFields.precisionTarget,
  })
  .refine((patch) => Object.keys(patch).length > 0, 'give at least one field to change');
export type RulePatch = z.infer<typeof RulePatch>;

export const RuleValidateBody = z.strictObject({ event: z.enum(POLICY_EVENTS), expression });
export const RuleValid = z.object({ valid: z.literal(true) });

export const BACKTEST_DAYS_MAX = 90;
export const BACKTEST_SAMPLES_MAX = 20;
export const BacktestBody = z.strictObject({ days: z.number().int().min(1).max(BACKTEST_DAYS_MAX) });
const count = z.number().int().nonnegative();
export const BACKTEST_OUTCOMES = ['voided', 'enforced', 'refunded', 'appealGranted', 'caseDismissed', 'none'] as const;
export type BacktestOutcome = (typeof BACKTEST_OUTCOMES)[number];
export const Backtest = z.object({
  ruleId: id,
  version: z.number().int().positive(),
  days: z.number().int().min(1).max(BACKTEST_DAYS_MAX),
  evaluated: count,
  matches: count,
  byOutcome: z.object({
    voided: count,
    enforced: count,
    refunded: count,
    appealGranted: count,
    caseDismissed: count,
    none: count,
  }),
  samples: z
    .array(
      z.object({
        at: isoDate,
        subjectId: storedLine(),
        actorId: storedLine(),
        /**
         * The record the app opens for the sample: a bid's auction, an auction message's listing,
         * an order, a listing, a registered user, a chat message's sender (chats have no drawer).
         */
        opens: RecordRef,
        /** The user name of the account behind the event (null when it has none), to recognise it by. */
        actorName: storedLine().nullable(),
        /** The title of the listing the sample opens; null when it opens an order or a user. */
        listingTitle: storedLine().nullable(),
      }),
    )
    .max(BACKTEST_SAMPLES_MAX),
  /** Matches per UTC day, oldest first, every day of the window (zeros too). */
  perDay: z
    .array(
      z.object({
        day: z
          .string()
          .length(10)
          .regex(/^\d{4}-\d{2}-\d{2}$/),
        matches: count,
      }),
    )
    .max(BACKTEST_DAYS_MAX + 1),
});
export type Backtest = z.infer<typeof Backtest>;

export const RuleMatch = z.object({
  at: isoDate,
  ruleId: id,
  version: z.number().int().positive(),
  mode: z.enum(RULE_MODES),
  subjectId: storedLine(),
  actorId: storedLine(),
  action: z.enum(RULE_ACTIONS),
  /** The action was carried out (an `on` rule); a shadow match only records. */
  done: z.boolean(),
});
export type RuleMatch = z.infer<typeof RuleMatch>;

/** One version of a rule (`GET /admin/rules/{id}/versions`, beside DECISIONS' routes): what it judged. */
export const RuleVersion = z.object({
  version: z.number().int().positive(),
  event: z.enum(POLICY_EVENTS),
  expression: storedText(),
  action: z.enum(RULE_ACTIONS),
  mode: z.enum(RULE_MODES),
  /** The admin who saved it (`rule:` never: rules do not edit rules). */
  changedBy: storedLine(),
  at: isoDate,
});
export type RuleVersion = z.infer<typeof RuleVersion>;

export const RULE_SORT_KEYS = ['updatedAt', 'name'] as const;
export const ruleQuery = z.strictObject({
  page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
  sortBy: z.enum(RULE_SORT_KEYS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  search: singleLineText().max(200).optional(),
});
export type RuleQuery = z.output<typeof ruleQuery>;
export const ruleMatchQuery = z.strictObject({
  page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
});
export type RuleMatchQuery = z.output<typeof ruleMatchQuery>;

export const POLICY_LIST_ITEMS_MAX = 10_000;
/** A list's name is how rules read it (`lists.<name>`): letters and digits, starting with a letter. */
export const policyListName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'letters and digits, starting with a letter (at most 64)');
const listItems = z.array(singleLineText().trim().min(1).max(200)).max(POLICY_LIST_ITEMS_MAX);
export const PolicyList = z.object({
  id,
  name: storedLine(),
  kind: z.enum(POLICY_LIST_KINDS),
  items: z.array(storedLine()).max(POLICY_LIST_ITEMS_MAX),
  updatedAt: isoDate,
});
export type PolicyList = z.infer<typeof PolicyList>;
export const PolicyListBody = z.strictObject({
  name: policyListName,
  kind: z.enum(POLICY_LIST_KINDS),
  items: listItems,
});
export type PolicyListBody = z.infer<typeof PolicyListBody>;
export const PolicyListPatch = z.strictObject({ items: listItems });
export const PolicyLists = z.object({ items: z.array(PolicyList).max(1000) });
