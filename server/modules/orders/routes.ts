// The orders area's buyer/seller routes: purchases (buy now, paying a failed order again, the
// caller's bought and sold orders) and offers. Two plugins, registered by the market plugin where
// their routes always stood, so the OpenAPI document keeps its order. Order history is in
// history-routes.ts.
import { ApiErrorBody } from '../../../shared/contract/entities.js';
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
  // Buy now, under both paths the apps use (the operationIds tell them apart).
  for (const [path, operationId] of [
    ['/order', 'buyNow'],
    ['/payments/with-order', 'buyNowWithOrder'],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags: ['orders'],
          operationId,
          description: 'Buys a quantity of a buy-now listing now, charging the caller’s default card.',
          ...secured,
          body: PurchaseBody,
          response: { 201: PlacedOrder, 402: ApiErrorBody, 404: ApiErrorBody },
        },
      },
      async (request, reply) => {
        const user = request.caller;
        return reply.code(201).send(await buyNow(deps, request.body.listingId, user.id, request.body.quantity));
      },
    );
  }
  r.post(
    '/payments/retry',
    {
      schema: {
        description: 'Retries the payment of one of the caller’s orders whose charge failed.',
        tags: ['orders'],
        ...secured,
        body: RetryPaymentBody,
        response: { 200: PlacedOrder, 402: ApiErrorBody, 404: ApiErrorBody },
      },
    },
    async (request) => retryPayment(deps, request.body.orderId, request.caller.id),
  );
  r.get(
    '/order/purchased',
    {
      schema: {
        description: 'One page of the caller’s purchases.',
        tags: ['orders'],
        ...secured,
        querystring: Paging,
        response: { 200: OrderSummaries },
      },
    },
    async (request) => listOrders(db, request.caller.id, 'purchased', request.query.page, request.query.limit),
  );
  r.get(
    '/order/sold',
    {
      schema: {
        description: 'One page of the caller’s sales.',
        tags: ['orders'],
        ...secured,
        querystring: Paging,
        response: { 200: OrderSummaries },
      },
    },
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
    {
      schema: {
        description: 'Makes an offer on a buy-now listing.',
        tags: ['offers'],
        ...secured,
        body: OfferBody,
        response: { 201: Offer, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return reply
        .code(201)
        .send(await makeOffer(deps, request.body.listingId, user.id, usdToCents(request.body.amount)));
    },
  );
  r.get(
    '/offer',
    {
      schema: {
        description: 'One page of the offers the caller made or received.',
        tags: ['offers'],
        ...secured,
        querystring: Paging,
        response: { 200: Offers },
      },
    },
    async (request) => listOffers(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.post(
    '/offer/:id/accept',
    {
      schema: {
        description: 'Accepts an offer on the caller’s listing: the buyer is charged and an order is made.',
        tags: ['offers'],
        ...secured,
        params: IdParams,
        response: { 200: AcceptedOffer },
      },
    },
    async (request) => acceptOffer(deps, request.params.id, request.caller.id),
  );
  r.post(
    '/offer/:id/decline',
    {
      schema: {
        description: 'Declines an offer on the caller’s listing.',
        tags: ['offers'],
        ...secured,
        params: IdParams,
        response: { 200: Offer },
      },
    },
    async (request) => declineOffer(deps, request.params.id, request.caller.id),
  );
}
