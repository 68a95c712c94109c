// Chargebacks (DECISIONS "Sellers over time", Disputes), run on both drivers: disputes-routes.test.ts
// (PGlite) and disputes-postgres.test.ts (PostgreSQL). Stripe's charge.dispute.* events are signed
// with the SDK's generateTestHeaderString and delivered to the real webhook; the order, its chat and
// the buyer's sign-ins are written straight into the tables, as the flows would have left them.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDispute } from '../../shared/contract/admin-dispute-routes.js';
import { ReviewCase } from '../../shared/contract/review-cases.js';
import { SoldListing } from '../../shared/contract/entities.js';
import { disputesLostBySeller } from '../../server/modules/disputes/index.js';
import { ledgerPayments, type Payments } from '../../server/modules/payments/index.js';
import type { DisputeEvidenceSubmission } from '../../server/modules/payments/index.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { openTestApp } from '../support/app-fixture.js';
import { holdsIdentity } from './holds-app.js';
import { enableSellers, marketCall } from './market-db.js';

export const WEBHOOK_SECRET = 'whsec_disputes_test';
const DAY = 86_400_000;

export interface DisputesApp {
  app: FastifyInstance;
  database: Database;
  /** What the payments port was asked to send. */
  submissions: DisputeEvidenceSubmission[];
  close(): Promise<void>;
}

/** The app with a webhook secret and a payments port that records what it is asked to send. */
export async function startDisputesApp(database?: Database): Promise<DisputesApp> {
  const submissions: DisputeEvidenceSubmission[] = [];
  const payments: Payments = {
    ...ledgerPayments(),
    submitDisputeEvidence: async (request) => {
      submissions.push(request);
      return { sent: false };
    },
  };
  const opened = await openTestApp({
    ...(database ? { database } : {}),
    identity: holdsIdentity,
    rateLimitMax: 100_000,
    stripeWebhookSecret: WEBHOOK_SECRET,
    payments,
  });
  return { app: opened.app, database: opened.database, submissions, close: () => opened.close() };
}

export function disputesSuite(start: () => Promise<DisputesApp>) {
  let t: DisputesApp;
  let sellerId: string;
  let buyerId: string;
  let eventSeq = 0;
  const call = marketCall(() => t.app);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

  /** A paid, delivered order of $50 (payout $46.50 pending), paid by `pi_<name>`, with a chat and the buyer's sign-ins. */
  const paidOrder = async (name: string): Promise<string> => {
    const [listing] = await rows<{ id: string }>(
      sql`INSERT INTO listings (user_id, title, listing_type, price_cents, status)
          VALUES (${sellerId}, ${`Disputed ${name}`}, 'default', 5000, 'sold') RETURNING id`,
    );
    const [order] = await rows<{ id: string }>(
      sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, tracking_code, shipped_at,
                              payout_cents)
          VALUES (${listing!.id}, ${sellerId}, ${buyerId}, 5000, 'Shipped', ${`1Z${name}`},
                  ${new Date(Date.now() - 2 * DAY)}, 4650) RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO transactions (order_id, type, status, amount_cents, external_id)
          VALUES (${order!.id}, 'order_payment', 'succeeded', 5000, ${`pi_${name}`})`,
    );
    return order!.id;
  };

  const deliver = async (type: string, dispute: Record<string, unknown>, id = `evt_dispute_${(eventSeq += 1)}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, created: 1_900_000_000, data: { object: dispute } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
    return { status: response.statusCode, body: response.json() as { outcome?: string } };
  };
  const dueIn = (days: number) => Math.floor((Date.now() + days * DAY) / 1000);
  const stripeDispute = (name: string, over: Record<string, unknown> = {}) => ({
    id: `dp_${name}`,
    object: 'dispute',
    charge: `ch_${name}`,
    payment_intent: `pi_${name}`,
    status: 'needs_response',
    reason: 'product_not_received',
    amount: 5000,
    created: Math.floor(Date.now() / 1000),
    evidence_details: { due_by: dueIn(7) },
    ...over,
  });
  const casesOf = async (orderId: string) => {
    const answer = await call('admin', 'GET', `/admin/review-cases?source=dispute&limit=100`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ReviewCase.array()
      .parse(answer.body.items)
      .filter((item) => item.subjectId === orderId);
  };
  const disputeOf = async (user: string, orderId: string) => {
    const answer = await call(user, 'GET', `/admin/listings/order/${orderId}/dispute`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return OrderDispute.parse(answer.body);
  };
  const orderOf = async (orderId: string) => {
    const answer = await call('admin', 'GET', `/admin/listings/sold/${orderId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return SoldListing.parse(answer.body);
  };

  beforeAll(async () => {
    t = await start();
    const [seller, buyer] = await enableSellers(t.app, 'dpseller', 'dpbuyer');
    sellerId = seller!;
    buyerId = buyer!;
    // What the packet reads: a chat between them (and one with someone else), sign-ins, devices.
    const [other] = await enableSellers(t.app, 'dpother');
    const [chat] = await rows<{ id: string }>(
      sql`INSERT INTO chats (user_id, other_user_id) VALUES (${buyerId}, ${sellerId}) RETURNING id`,
    );
    const [elsewhere] = await rows<{ id: string }>(
      sql`INSERT INTO chats (user_id, other_user_id) VALUES (${buyerId}, ${other}) RETURNING id`,
    );
    await t.database.db.execute(
      sql`INSERT INTO chat_messages (chat_id, user_id, message, created_at) VALUES
            (${chat!.id}, ${buyerId}, 'Is it still available?', ${new Date(Date.now() - 5 * DAY)}),
            (${chat!.id}, ${sellerId}, 'Yes, shipping tomorrow', ${new Date(Date.now() - 4 * DAY)}),
            (${elsewhere!.id}, ${buyerId}, 'not about this order', ${new Date(Date.now() - 3 * DAY)})`,
    );
    await t.database.db.execute(
      sql`INSERT INTO sign_in_ips (user_id, ip, kind, created_at) VALUES
            (${buyerId}, '203.0.113.9', 'signUp', ${new Date(Date.now() - 30 * DAY)}),
            (${buyerId}, '198.51.100.7', 'signIn', ${new Date(Date.now() - DAY)})`,
    );
    await t.database.db.execute(
      sql`INSERT INTO device_token_holders (token, user_id) VALUES ('device-dpbuyer-1', ${buyerId})`,
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('Stripe dispute events', () => {
    it('a new dispute opens a dispute case on the order, due a day before the evidence deadline', async () => {
      const orderId = await paidOrder('opened');
      expect((await orderOf(orderId)).chargeId).toBe('pi_opened');
      const due = dueIn(7);
      const created = await deliver(
        'charge.dispute.created',
        stripeDispute('opened', { evidence_details: { due_by: due } }),
      );
      expect(created).toEqual({ status: 200, body: { received: true, outcome: 'disputeRecorded' } });
      const [opened, ...more] = await casesOf(orderId);
      expect(more).toEqual([]);
      expect(opened).toMatchObject({
        source: 'dispute',
        subjectType: 'order',
        subjectId: orderId,
        status: 'open',
        subjectUser: { id: sellerId },
        reason: 'Chargeback of $50.00: product not received',
      });
      expect(Date.parse(opened!.dueAt)).toBe(due * 1000 - DAY);
      expect(opened!.overdue).toBe(false);
    });

    it('finds the order by the charge alone, keeps one case on redelivery and moves its due date on update', async () => {
      const orderId = await paidOrder('bycharge');
      // The order's payment was made by charge id here (as an older charge would be).
      await t.database.db.execute(
        sql`UPDATE transactions SET external_id = 'ch_bycharge' WHERE order_id = ${orderId} AND type = 'order_payment'`,
      );
      const event = stripeDispute('bycharge', { payment_intent: null });
      expect((await deliver('charge.dispute.created', event, 'evt_bycharge')).body.outcome).toBe('disputeRecorded');
      expect((await deliver('charge.dispute.created', event, 'evt_bycharge')).body.outcome).toBe('duplicate');
      const later = dueIn(10);
      const updated = await deliver('charge.dispute.updated', { ...event, evidence_details: { due_by: later } });
      expect(updated.body.outcome).toBe('disputeRecorded');
      const cases = await casesOf(orderId);
      expect(cases).toHaveLength(1);
      expect(cases[0]!.signalCount).toBe(1);
      expect(Date.parse(cases[0]!.dueAt)).toBe(later * 1000 - DAY);
      expect((await disputeOf('admin', orderId)).dueBy).toBe(new Date(later * 1000).toISOString());
    });

    it('acknowledges a dispute on a charge no order knows, and an unreadable one, with a 2xx and keeps nothing', async () => {
      expect(await deliver('charge.dispute.created', stripeDispute('nobody'))).toEqual({
        status: 200,
        body: { received: true, outcome: 'unknownCharge' },
      });
      expect(await deliver('charge.dispute.created', { id: 'dp_odd', object: 'dispute', status: 'strange' })).toEqual({
        status: 200,
        body: { received: true, outcome: 'ignored' },
      });
      expect(await rows(sql`SELECT id FROM disputes WHERE id IN ('dp_nobody', 'dp_odd')`)).toEqual([]);
    });
  });

  describe('GET /admin/listings/order/{id}/dispute', () => {
    it('answers the dispute with its packet from our records', async () => {
      const orderId = await paidOrder('packet');
      await deliver('charge.dispute.created', stripeDispute('packet', { reason: 'fraudulent', amount: 4200 }));
      const dispute = await disputeOf('fin', orderId);
      expect(dispute).toMatchObject({
        id: 'dp_packet',
        orderId,
        status: 'needs_response',
        reason: 'fraudulent',
        amount: 42,
        submittedAt: null,
        submissionNote: null,
      });
      expect(dispute.evidence.deliveryProof).toMatchObject({ trackingCode: '1Zpacket', deliveredAt: null });
      expect(dispute.evidence.deliveryProof.shippedAt).not.toBeNull();
      expect(dispute.evidence.chatTranscript.map((line) => [line.from, line.text])).toEqual([
        ['buyer', 'Is it still available?'],
        ['seller', 'Yes, shipping tomorrow'],
      ]);
      expect(dispute.evidence.ipAddresses.map((ip) => ip.ip)).toEqual(['198.51.100.7', '203.0.113.9']);
      expect(dispute.evidence.deviceTokens.map((device) => device.token)).toEqual(['device-dpbuyer-1']);
      expect(dispute.evidence.bidHistory).toEqual([]);
    });

    it('answers 404 for an order without a dispute or unknown, 403 to a role outside the matrix', async () => {
      const orderId = await paidOrder('nodispute');
      const none = await call('admin', 'GET', `/admin/listings/order/${orderId}/dispute`);
      expect(none).toMatchObject({ status: 404, body: { message: 'This order has no dispute' } });
      expect((await call('admin', 'GET', '/admin/listings/order/no-such-order/dispute')).status).toBe(404);
      expect((await call('dpbuyer', 'GET', `/admin/listings/order/${orderId}/dispute`)).status).toBe(403);
    });
  });

  describe('POST /admin/listings/order/{id}/dispute/submit', () => {
    it('sends the packet once with the note, puts the dispute under review and audits it; again answers it as sent', async () => {
      const orderId = await paidOrder('submit');
      await deliver('charge.dispute.created', stripeDispute('submit'));
      const before = t.submissions.length;
      const sent = await call('sup', 'POST', `/admin/listings/order/${orderId}/dispute/submit`, {
        note: 'Tracking shows delivery; the buyer confirmed in chat.',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const dispute = OrderDispute.parse(sent.body);
      expect(dispute).toMatchObject({
        status: 'under_review',
        submissionNote: 'Tracking shows delivery; the buyer confirmed in chat.',
      });
      expect(dispute.submittedAt).not.toBeNull();
      expect(t.submissions.slice(before)).toEqual([
        expect.objectContaining({
          disputeId: 'dp_submit',
          orderId,
          evidence: expect.objectContaining({
            shippingTrackingNumber: '1Zsubmit',
            customerPurchaseIp: '198.51.100.7',
            uncategorizedText: expect.stringMatching(/^Tracking shows delivery; the buyer confirmed in chat\./),
          }),
        }),
      ]);
      const again = await call('mod', 'POST', `/admin/listings/order/${orderId}/dispute/submit`, { note: 'Again' });
      expect(again.status).toBe(200);
      expect(OrderDispute.parse(again.body)).toMatchObject({
        submittedAt: dispute.submittedAt,
        submissionNote: dispute.submissionNote,
      });
      expect(t.submissions.length).toBe(before + 1);
      const audit = await rows<{ admin_uid: string }>(
        sql`SELECT admin_uid FROM admin_actions WHERE action = 'submitDisputeEvidence' AND record_id = ${orderId}`,
      );
      expect(audit).toEqual([{ admin_uid: 'uid-sup' }]);
    });

    it('refuses a bad note with 400, finance with 403, an order without a dispute with 404', async () => {
      const orderId = await paidOrder('refusals');
      await deliver('charge.dispute.created', stripeDispute('refusals'));
      const url = `/admin/listings/order/${orderId}/dispute/submit`;
      expect((await call('mod', 'POST', url, { note: '   ' })).status).toBe(400);
      expect((await call('mod', 'POST', url, { note: 'ok', extra: 1 })).status).toBe(400);
      expect((await call('mod', 'POST', url, {})).status).toBe(400);
      expect((await call('fin', 'POST', url, { note: 'ok' })).status).toBe(403);
      const without = await paidOrder('refusals2');
      expect(
        (await call('mod', 'POST', `/admin/listings/order/${without}/dispute/submit`, { note: 'ok' })).status,
      ).toBe(404);
    });
  });

  describe('outcomes', () => {
    it('a lost dispute resolves the case, is a seller defect and lowers the pending payout like a refund', async () => {
      const orderId = await paidOrder('lost');
      await deliver('charge.dispute.created', stripeDispute('lost', { amount: 2000 }));
      expect((await orderOf(orderId)).payout).toMatchObject({ status: 'pending', amount: 46.5 });
      const closed = stripeDispute('lost', { amount: 2000, status: 'lost' });
      expect((await deliver('charge.dispute.closed', closed)).body.outcome).toBe('disputeRecorded');
      // A second close (a redelivery under a new id) adds nothing.
      await deliver('charge.dispute.closed', closed);
      const order = await orderOf(orderId);
      expect(order.payout).toMatchObject({ status: 'pending', amount: 26.5 });
      expect(order.transactions.filter((entry) => entry.type === 'dispute_loss')).toEqual([
        expect.objectContaining({ amount: 20, status: 'succeeded' }),
      ]);
      const [resolved] = await casesOf(orderId);
      expect(resolved).toMatchObject({ status: 'resolved', outcome: 'refunded' });
      // A late update does not reopen it.
      await deliver('charge.dispute.updated', stripeDispute('lost', { amount: 2000, status: 'under_review' }));
      expect((await disputeOf('admin', orderId)).status).toBe('lost');
      const submit = await call('mod', 'POST', `/admin/listings/order/${orderId}/dispute/submit`, { note: 'Late' });
      expect(submit).toMatchObject({
        status: 409,
        body: { message: 'This dispute is closed (lost): no evidence can be sent' },
      });
      const lost = await disputesLostBySeller(t.database.db, sellerId, {
        from: new Date(Date.now() - DAY),
        to: new Date(Date.now() + DAY),
      });
      expect(lost.map((one) => one.orderId)).toContain(orderId);
    });

    it('a won dispute closes the case and leaves the payout and the defects alone', async () => {
      const orderId = await paidOrder('won');
      await deliver('charge.dispute.created', stripeDispute('won'));
      await deliver('charge.dispute.closed', stripeDispute('won', { status: 'won' }));
      const [closed] = await casesOf(orderId);
      expect(closed).toMatchObject({ status: 'resolved', outcome: 'dismissed' });
      expect((await orderOf(orderId)).payout).toMatchObject({ amount: 46.5 });
      const lost = await disputesLostBySeller(t.database.db, sellerId, {
        from: new Date(Date.now() - DAY),
        to: new Date(Date.now() + DAY),
      });
      expect(lost.map((one) => one.orderId)).not.toContain(orderId);
    });
  });
}
