// What a Stripe dispute event becomes: the change its type names, the ids (plain or expanded), the
// amount in cents and the evidence deadline; an object we cannot read is no dispute at all.
import { describe, expect, it } from 'vitest';
import { chargeDisputeOf, isChargeDisputeEvent } from './charge-dispute.js';

const DUE = 1_900_086_400;
const dispute = (over: Record<string, unknown> = {}) => ({
  id: 'dp_1',
  object: 'dispute',
  charge: 'ch_1',
  payment_intent: 'pi_1',
  status: 'needs_response',
  reason: 'product_not_received',
  amount: 4250,
  created: 1_900_000_000,
  evidence_details: { due_by: DUE },
  ...over,
});

describe('chargeDisputeOf', () => {
  it.each([
    ['charge.dispute.created', dispute(), { change: 'created', chargeId: 'ch_1', paymentIntentId: 'pi_1', dueS: DUE }],
    ['charge.dispute.updated', dispute({ status: 'under_review' }), { change: 'updated', status: 'under_review' }],
    ['charge.dispute.closed', dispute({ status: 'lost' }), { change: 'closed', status: 'lost' }],
    [
      'charge.dispute.created',
      dispute({ charge: { id: 'ch_expanded' }, payment_intent: { id: 'pi_expanded' } }),
      { chargeId: 'ch_expanded', paymentIntentId: 'pi_expanded' },
    ],
    ['charge.dispute.created', dispute({ payment_intent: null }), { paymentIntentId: null }],
    // No deadline (a closed inquiry): the dispute's creation stands for it.
    ['charge.dispute.closed', dispute({ evidence_details: { due_by: null } }), { dueS: 1_900_000_000 }],
  ] as const)('%s %# reads the dispute', (type, object, expected) => {
    const read = chargeDisputeOf(type, object)!;
    expect(read).not.toBeNull();
    const { dueS, ...fields } = expected as Record<string, unknown> & { dueS?: number };
    expect(read).toMatchObject({ id: 'dp_1', amountCents: 4250, ...fields });
    if (dueS !== undefined) expect(read.evidenceDueBy.getTime()).toBe(dueS * 1000);
  });

  it.each([
    ['not a dispute', { ...dispute(), object: 'charge' }],
    ['an unknown status', dispute({ status: 'pending' })],
    ['a negative amount', dispute({ amount: -1 })],
    ['no charge', dispute({ charge: undefined })],
    ['nothing', null],
  ])('reads %s as no dispute', (_name, object) => {
    expect(chargeDisputeOf('charge.dispute.created', object)).toBeNull();
  });

  it('knows the three dispute events and no other', () => {
    expect(
      ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'].every(isChargeDisputeEvent),
    ).toBe(true);
    expect(isChargeDisputeEvent('charge.dispute.funds_withdrawn')).toBe(false);
    expect(isChargeDisputeEvent('toString')).toBe(false);
  });
});
