// What a matched rule leaves behind (DECISIONS "Policy"): every match is a row naming the rule's
// version and mode; an `on` rule's action is carried out and is an audit entry whose admin is
// `{uid: "rule:<id>", email: null}`; a shadow match only records. Runs after the event committed,
// in a unit of work of its own, so the bidder or the writer never waits on a case.
import { sql } from 'drizzle-orm';
import type { PolicyEvent, RuleMode } from '../../../shared/contract/policy.js';
import type { ReviewSubjectType } from '../../../shared/contract/review-cases.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Executor } from '../../platform/db/database.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { inUnitOfWork, type UnitOfWorkDeps } from '../../platform/events/unit-of-work.js';
import { holdListing } from '../listings/index.js';
import { holdPayout } from '../orders/index.js';
import { openReviewCase } from '../trust-safety/index.js';
import type { LiveRule } from './rule-book.js';

/** The audit log's admin for what a rule did. */
export const ruleAdmin = (ruleId: string): VerifiedIdentity => ({
  uid: `rule:${ruleId}`,
  email: null,
  emailVerified: false,
  admin: false,
});

/** One event a rule matched, as it was stored. */
export interface MatchedEvent {
  event: PolicyEvent;
  actorId: string;
  /** The stored event: the bid, the chat or auction message. */
  subjectId: string;
  subjectType: ReviewSubjectType;
  /** The listing the event is about, when there is one (a hold takes it). */
  listingId: string | null;
  /** What a moderator reads in the case. */
  excerpt: string;
}

export async function recordMatch(
  tx: Executor,
  rule: Pick<LiveRule, 'id' | 'version' | 'action'>,
  mode: RuleMode,
  subjectId: string,
  actorId: string,
  done: boolean,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO policy_matches (rule_id, version, mode, subject_id, actor_id, action, done)
        VALUES (${rule.id}, ${rule.version}, ${mode}, ${subjectId}, ${actorId}, ${rule.action}, ${done})`,
  );
}

/** The reason a rule's case gives: the rule by name and version. */
export const ruleCaseReason = (rule: Pick<LiveRule, 'name' | 'version'>) => `Rule “${rule.name}” (v${rule.version})`;

async function openRuleCase(tx: Executor, outbox: Outbox, rule: LiveRule, matched: MatchedEvent): Promise<void> {
  const reviewCase = await openReviewCase(tx, outbox, {
    source: 'rule',
    subjectType: matched.subjectType,
    subjectId: matched.subjectType === 'user' ? matched.actorId : matched.subjectId,
    subjectUserId: matched.actorId,
    reason: ruleCaseReason(rule),
    excerpt: matched.excerpt,
    details: { ruleId: rule.id, version: rule.version, event: matched.event, eventId: matched.subjectId },
    context: { rulePriority: rule.priority },
  });
  await recordAdminAction(tx, {
    admin: ruleAdmin(rule.id),
    action: 'ruleOpenCase',
    recordType: 'review_case',
    recordId: reviewCase.id,
    before: null,
    after: { ruleId: rule.id, version: rule.version, event: matched.event, eventId: matched.subjectId },
  });
}

/**
 * Records every match of one stored event and carries out the `on` rules' actions. A hold the
 * listing cannot take (held already, ended) is recorded as not done; it never undoes the event.
 */
export async function actOnMatches(
  deps: UnitOfWorkDeps,
  rules: readonly LiveRule[],
  matched: MatchedEvent,
): Promise<void> {
  const holds: LiveRule[] = [];
  const payoutHolds: LiveRule[] = [];
  await inUnitOfWork(deps, async (tx, outbox) => {
    for (const rule of rules) {
      if (rule.mode !== 'on' || rule.action === 'block') {
        await recordMatch(tx, rule, rule.mode, matched.subjectId, matched.actorId, false);
      } else if (rule.action === 'openCase') {
        await openRuleCase(tx, outbox, rule, matched);
        await recordMatch(tx, rule, 'on', matched.subjectId, matched.actorId, true);
      } else if (rule.action === 'holdListing' && matched.listingId !== null) {
        holds.push(rule);
      } else if (rule.action === 'holdPayout' && matched.event === 'order') {
        payoutHolds.push(rule);
      } else {
        // A hold with nothing to hold (holdPayout outside an order): recorded, not carried out.
        await recordMatch(tx, rule, 'on', matched.subjectId, matched.actorId, false);
      }
    }
  });
  // Each hold is its owner's transaction with its audit entry, by the rule (listings, orders).
  const carriedOut = async (hold: () => Promise<unknown>): Promise<boolean> => {
    try {
      await hold();
      return true;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return false;
    }
  };
  for (const rule of holds) {
    const reason = `${ruleCaseReason(rule)} matched`;
    const done = await carriedOut(() => holdListing(deps.db, matched.listingId!, reason, ruleAdmin(rule.id)));
    await recordMatch(deps.db, rule, 'on', matched.subjectId, matched.actorId, done);
  }
  for (const rule of payoutHolds) {
    const reason = `${ruleCaseReason(rule)} matched`;
    const done = await carriedOut(() => holdPayout(deps.db, matched.subjectId, reason, ruleAdmin(rule.id)));
    await recordMatch(deps.db, rule, 'on', matched.subjectId, matched.actorId, done);
  }
}

/** The 403 of a blocking rule, with the message its author wrote for the user. */
export const blockedByPolicy = (rule: Pick<LiveRule, 'publicMessage'>) =>
  new HttpError(403, rule.publicMessage ?? 'This is not allowed on the market.', 'blockedByPolicy');

/** A blocking rule refused an event: its match (subject: what the event was about) and audit entry. */
export async function recordBlock(
  deps: UnitOfWorkDeps,
  rule: LiveRule,
  event: PolicyEvent,
  subjectId: string,
  actorId: string,
): Promise<void> {
  await inUnitOfWork(deps, async (tx) => {
    await recordMatch(tx, rule, 'on', subjectId, actorId, true);
    await recordAdminAction(tx, {
      admin: ruleAdmin(rule.id),
      action: 'ruleBlock',
      recordType: 'rule',
      recordId: rule.id,
      before: null,
      after: { ruleId: rule.id, version: rule.version, event, subjectId, actorId },
    });
  });
}
