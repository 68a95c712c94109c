// The dispute routes of the in-page `window.market` double, installed after fake-market.ts through
// its `addHandlers`. Playwright serializes `installFakeDisputes` into the page, so it uses nothing
// from outside its own body. Order o2 has an open chargeback with its packet; any other order has
// none (404, as the server says); sending answers the dispute as sent and, sent once, again the same.
import type { FakeInput, FakeMarketControl } from './fake-market.js';

export function installFakeDisputes() {
  const control = (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket;
  const ok = (value: unknown) => ({ ok: true, data: structuredClone(value) });
  const noDispute = { ok: false, error: { status: 404, message: 'This order has no dispute', code: 'Not Found' } };
  const disputes: Record<string, Record<string, unknown>> = {
    o2: {
      id: 'dp_demo_1',
      orderId: 'o2',
      status: 'needs_response',
      reason: 'product_not_received',
      amount: 52,
      dueBy: '2026-12-12T23:59:59.000Z',
      evidence: {
        deliveryProof: {
          trackingCode: '1Z999AA10123456784',
          shippedAt: '2026-11-28T10:00:00.000Z',
          deliveredAt: '2026-12-01T15:30:00.000Z',
          shippingAddress: '12 Elm Street, Austin, TX 78701',
        },
        chatTranscript: [
          { at: '2026-11-27T09:00:00.000Z', from: 'buyer', text: 'Can you ship by Friday?' },
          { at: '2026-11-27T09:20:00.000Z', from: 'seller', text: 'Yes, tracking will follow.' },
        ],
        bidHistory: [{ at: '2026-11-26T20:00:00.000Z', amount: 52, byBuyer: true, voided: false }],
        ipAddresses: [{ ip: '198.51.100.7', at: '2026-12-01T16:00:00.000Z' }],
        deviceTokens: [{ token: 'device-buyer-ios', lastSeenAt: '2026-12-01T16:00:00.000Z' }],
      },
      submittedAt: null,
      submissionNote: null,
    },
  };
  control.addHandlers({
    'orders.dispute': (input: FakeInput) => {
      const dispute = disputes[input.params?.id ?? ''];
      return dispute ? ok(dispute) : noDispute;
    },
    'orders.submitDispute': (input: FakeInput) => {
      const dispute = disputes[input.params?.id ?? ''];
      if (!dispute) return noDispute;
      if (dispute.submittedAt === null) {
        dispute.submittedAt = '2026-12-05T10:00:00.000Z';
        dispute.submissionNote = String(input.body?.note ?? '');
        dispute.status = 'under_review';
      }
      return ok(dispute);
    },
  });
}
