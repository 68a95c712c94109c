// Stripe's webhook events, applied once each (`POST /payments/stripe/webhook`): identity
// decisions become the user's identity status; a payout account's update is matched to its
// seller; a chargeback's events go to the disputes area (the `chargeDisputed` hook, in this
// transaction); other payment events are acknowledged and left alone, because a charge is decided
// while the buyer waits (off-session, confirmed at once: there is no pending charge to settle).
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { StripeEventOutcome } from '../../../shared/contract/market/payments.js';
import { stripeWebhookEvents, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import {
  IDENTITY_DECISION_EVENTS,
  type IdentityDecisionEvent,
  identityOutcomeOfEvent,
} from './rules/verification-status.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { recordIdentityDecision } from './identity-verification.js';
import { chargeDisputed } from './hooks.js';
import { chargeDisputeOf, isChargeDisputeEvent } from './rules/charge-dispute.js';

const isIdentityDecision = (type: string): type is IdentityDecisionEvent =>
  (IDENTITY_DECISION_EVENTS as readonly string[]).includes(type);

/**
 * Applies a verified event in one transaction that first claims its id: a redelivery (even one
 * arriving while the first is being applied, which waits on the id's row) changes nothing, and an
 * event whose handling fails leaves no claim, so Stripe's next delivery applies it.
 */
export async function applyStripeEvent(
  deps: Pick<ServiceDeps, 'db' | 'events'>,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  // A unit of work: a review case a dispute opens is announced on `/admin` after the commit.
  return inUnitOfWork(deps, async (tx, outbox) => {
    const [claimed] = await readRows(
      tx,
      sqlRow(stripeWebhookEvents, 'id'),
      sql`INSERT INTO stripe_webhook_events (id, type, outcome) VALUES (${event.id}, ${event.type}, 'applying')
          ON CONFLICT (id) DO NOTHING RETURNING id`,
    );
    if (!claimed) return 'duplicate';
    let outcome: StripeEventOutcome = 'ignored';
    if (isIdentityDecision(event.type)) {
      const session = event.data.object as Stripe.Identity.VerificationSession;
      const recorded = await recordIdentityDecision(
        tx,
        session.id,
        identityOutcomeOfEvent(event.type, session.last_error?.reason ?? null),
      );
      outcome = recorded ? 'identityRecorded' : 'unknownVerificationSession';
    } else if (event.type === 'account.updated') {
      // A payout account's status is always read from Stripe when asked (payout-accounts.ts), so
      // there is no copy to bring up to date: the event is only matched to its seller, for the log.
      const account = event.data.object as Stripe.Account;
      const [seller] = await readRows(
        tx,
        sqlRow(users, 'id'),
        sql`SELECT id FROM users WHERE stripe_user_id = ${account.id} AND deleted_at IS NULL`,
      );
      outcome = seller ? 'payoutAccountNoted' : 'unknownPayoutAccount';
    } else if (isChargeDisputeEvent(event.type)) {
      const dispute = chargeDisputeOf(event.type, event.data.object);
      if (dispute) {
        // A charge no order of ours knows stays 'unknownCharge': Stripe gets its 2xx all the same.
        outcome = 'unknownCharge';
        await chargeDisputed.fire(tx, outbox, {
          dispute,
          noteOutcome: (noted) => {
            outcome = noted;
          },
        });
      }
    }
    await tx.execute(sql`UPDATE stripe_webhook_events SET outcome = ${outcome} WHERE id = ${event.id}`);
    return outcome;
  });
}
