// What the Rules and Lists screens show, as pure rules: the product's words for events, actions,
// modes and backtest outcomes, the context fields an expression may read (from the contract's one
// declaration), precision as a percentage, and the editor's form checked before it is sent.
import {
  ACTOR_FIELDS,
  BACKTEST_OUTCOMES,
  EVENT_FIELDS,
  type Backtest,
  type BacktestOutcome,
  type PolicyEvent,
  type PolicyListKind,
  type Rule,
  type RuleAction,
  type RuleBody,
  type RuleMode,
  type RuleStats,
} from '../../../shared/contract/policy.js';
import type { ReviewPriority } from '../../../shared/contract/review-cases.js';

export const EVENT_LABELS: Record<PolicyEvent, string> = {
  bid: 'Bid',
  message: 'Message',
  listing: 'Listing',
  signUp: 'Sign-up',
  order: 'Order',
};
export const ACTION_LABELS: Record<RuleAction, string> = {
  openCase: 'Open a case',
  holdListing: 'Hold the listing',
  holdPayout: 'Hold the payout',
  block: 'Block the request',
};
export const MODE_LABELS: Record<RuleMode, string> = { off: 'Off', shadow: 'Shadow', on: 'On' };
export const MODE_EFFECTS: Record<RuleMode, string> = {
  off: 'The rule is not evaluated.',
  shadow: 'Matches are recorded; nothing is done.',
  on: 'Matches take the action. Needs a backtest of the current version.',
};
export const PRIORITY_LABELS: Record<ReviewPriority, string> = { high: 'High', normal: 'Normal', low: 'Low' };
export const OUTCOME_LABELS: Record<BacktestOutcome, string> = {
  voided: 'Bid voided',
  enforced: 'User enforced',
  refunded: 'Order refunded',
  appealGranted: 'Appeal granted',
  caseDismissed: 'Case dismissed',
  none: 'Nothing happened',
};
export const LIST_KIND_LABELS: Record<PolicyListKind, string> = { words: 'Words', domains: 'Domains' };
export const BACKTEST_DAY_CHOICES = [7, 30, 90] as const;

const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
export const EVENT_OPTIONS = optionsOf(EVENT_LABELS);
export const ACTION_OPTIONS = optionsOf(ACTION_LABELS);
export const PRIORITY_OPTIONS = optionsOf(PRIORITY_LABELS);
export const LIST_KIND_OPTIONS = optionsOf(LIST_KIND_LABELS);

export interface ContextField {
  /** What the expression writes: `actor.ageDays`, `bid.amount`. */
  path: string;
  type: string;
}

/** The variables a rule over `event` may read: the actor's, then the event's own. */
export function contextFieldsOf(event: PolicyEvent): ContextField[] {
  const fieldsOf = (variable: string, fields: Record<string, string>) =>
    Object.entries(fields).map(([field, type]) => ({ path: `${variable}.${field}`, type }));
  return [...fieldsOf('actor', ACTOR_FIELDS), ...fieldsOf(event, EVENT_FIELDS[event])];
}

/** Precision as people read it: a whole percentage, or a dash while nothing was decided. */
export function precisionText(stats: RuleStats | undefined): string {
  if (!stats || stats.precision === null) return '—';
  return `${Math.round(stats.precision * 100)}%`;
}

/** The backtest's outcome split, in the contract's order, for the numbers and the bars. */
export function outcomeBars(backtest: Backtest): { outcome: BacktestOutcome; label: string; count: number }[] {
  return BACKTEST_OUTCOMES.map((outcome) => ({
    outcome,
    label: OUTCOME_LABELS[outcome],
    count: backtest.byOutcome[outcome],
  }));
}

export interface RuleForm {
  name: string;
  event: PolicyEvent;
  expression: string;
  action: RuleAction;
  priority: ReviewPriority;
  publicMessage: string;
}

export const EMPTY_RULE_FORM: RuleForm = {
  name: '',
  event: 'bid',
  expression: '',
  action: 'openCase',
  priority: 'normal',
  publicMessage: '',
};

export function ruleFormOf(rule: Rule): RuleForm {
  return {
    name: rule.name,
    event: rule.event,
    expression: rule.expression,
    action: rule.action,
    priority: rule.priority,
    publicMessage: rule.publicMessage ?? '',
  };
}

/** The body the API takes, or what the admin must fix first (a block must tell the refused user why). */
export function ruleBodyOf(form: RuleForm): { ok: true; body: RuleBody } | { ok: false; message: string } {
  const name = form.name.trim();
  const expression = form.expression.trim();
  const publicMessage = form.publicMessage.trim();
  if (!name) return { ok: false, message: 'Give the rule a name' };
  if (!expression) return { ok: false, message: 'Write the rule’s expression' };
  if (form.action === 'block' && !publicMessage)
    return { ok: false, message: 'A blocking rule needs the message the refused user reads' };
  return {
    ok: true,
    body: {
      name,
      event: form.event,
      expression,
      action: form.action,
      priority: form.priority,
      ...(publicMessage ? { publicMessage } : {}),
    },
  };
}

/** A list's items as the admin types them: one a line, trimmed, blanks and repeats dropped. */
export function listItemsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

type BacktestSample = Backtest['samples'][number];

/**
 * A backtest sample's link, in words a screen reader reads alone: the record it opens by what a
 * moderator knows it by (a user's name, a listing's title), its id only when it has no name.
 */
export function sampleLinkText(sample: BacktestSample): string {
  const { opens, actorName, listingTitle } = sample;
  if (opens.type === 'listing') return listingTitle ? `Open listing “${listingTitle}”` : `Open listing ${opens.id}`;
  // A sample opens a user or an order only for the actor's own account or purchase.
  if (opens.type === 'order') return actorName ? `Open ${actorName}’s order` : `Open order ${opens.id}`;
  return actorName ? `Open ${actorName}` : `Open user ${opens.id}`;
}

/** Who did what a listing sample opens (its bidder, writer or seller); the link of the others names them. */
export function sampleActorText(sample: BacktestSample): string | null {
  return sample.opens.type === 'listing' && sample.actorName ? `by ${sample.actorName}` : null;
}

/** The warning of a rule whose precision fell below its owner's target, or null when none is due. */
export function precisionWarning(stats: RuleStats | undefined, target: number | null): string | null {
  if (!stats || stats.precision === null || target === null || stats.precision >= target) return null;
  return `Precision ${Math.round(stats.precision * 100)}% is below the target of ${Math.round(target * 100)}%`;
}

/** The target typed as a percentage: a number 0–1, null for an empty field, or the refusal. */
export function precisionTargetOf(text: string): { ok: true; target: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, target: null };
  const percent = Number(trimmed);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    return { ok: false, message: 'The target is a percentage from 0 to 100' };
  }
  return { ok: true, target: percent / 100 };
}
