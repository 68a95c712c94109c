// The orders area's buyer/seller routes: purchases (buy now, paying a failed order again, the
// caller's bought and sold orders) and offers. Two plugins, registered by the market plugin where
// their routes always stood, so the OpenAPI document keeps its order. Order history is in
// history-routes.ts.
import {
  AcceptedOffer,
  Offer,
  OfferBody,
  Offers,
  OrderSummaries,
  PlacedOrder,
  PurchaseBody,
  RetryPaymentBody,
} from '../../../shared/contract/market/orders.js';
import { usdToCents } from '../../../shared/rules/money.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import type { PaymentPorts } from '../payments/index.js';
import { acceptOffer, declineOffer, listOffers, makeOffer } from './offers.js';
import { listOrders } from './order-history.js';
import { retryPayment } from './orders.js';
import { buyNow } from './purchases.js';

export async function purchaseRoutes({
  r,
  deps,
  secured,
}: MarketRouteContext<Pick<PaymentPorts, 'charges'>>): Promise<void> {
  const { db } = deps;
  for (const path of ['/order', '/payments/with-order']) {
    r.post(
      path,
      { schema: { tags: ['orders'], ...secured, body: PurchaseBody, response: { 201: PlacedOrder } } },
      async (request, reply) => {
        const user = request.caller;
        return reply.code(201).send(await buyNow(deps, request.body.listingId, user.id, request.body.quantity));
      },
    );
  }
  r.post(
    '/payments/retry',
    { schema: { tags: ['orders'], ...secured, body: RetryPaymentBody, response: { 200: PlacedOrder } } },
    async (request) => retryPayment(deps, request.body.orderId, request.caller.id),
  );
  r.get(
    '/order/purchased',
    { schema: { tags: ['orders'], ...secured, querystring: Paging, response: { 200: OrderSummaries } } },
    async (request) => listOrders(db, request.caller.id, 'purchased', request.query.page, request.query.limit),
  );
  r.get(
    '/order/sold',
    { schema: { tags: ['orders'], ...secured, querystring: Paging, response: { 200: OrderSummaries } } },
    async (request) => listOrders(db, request.caller.id, 'sold', request.query.page, request.query.limit),
  );
}

export async function offerRoutes({
  r,
  deps,
  secured,
}: MarketRouteContext<Pick<PaymentPorts, 'charges'>>): Promise<void> {
  const { db } = deps;
  r.post(
    '/offer',
    { schema: { tags: ['offers'], ...secured, body: OfferBody, response: { 201: Offer } } },
    async (request, reply) => {
      const user = request.caller;
      return reply
        .code(201)
        .send(await makeOffer(deps, request.body.listingId, user.id, usdToCents(request.body.amount)));
    },
  );
  r.get(
    '/offer',
    { schema: { tags: ['offers'], ...secured, querystring: Paging, response: { 200: Offers } } },
    async (request) => listOffers(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.post(
    '/offer/:id/accept',
    { schema: { tags: ['offers'], ...secured, params: IdParams, response: { 200: AcceptedOffer } } },
    async (request) => acceptOffer(deps, request.params.id, request.caller.id),
  );
  r.post(
    '/offer/:id/decline',
    { schema: { tags: ['offers'], ...secured, params: IdParams, response: { 200: Offer } } },
    async (request) => declineOffer(deps, request.params.id, request.caller.id),
  );
}
