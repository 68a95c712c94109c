// Order history (the caller's, one order as its seller sees it, a user's public sales) and the
// reviews delivered orders await. The other areas' reads that follow them in the OpenAPI document
// (shipping tools, notifications by type, a user's bid auctions and chats) are their own groups,
// registered right after this one by market-routes.ts.
import { z } from 'zod';
import { ApiErrorBody, id } from '../../../shared/contract/entities.js';
import { ORDER_STATUS_FAMILIES } from '../../../shared/rules/order-status-family.js';
import { orderHistory, publicOrderHistory, sellerOrder } from './order-history.js';
import { pendingReviews, skipReviews } from './reviews.js';
import { IdParams, type MarketRouteContext, Paging, StrictPaging } from '../../platform/http/market-route-context.js';
import {
  OrderHistory,
  PendingReviews,
  PublicOrders,
  SellerOrder,
  SkippedReviews,
} from '../../../shared/contract/market/orders.js';

const UserIdParams = z.object({ userId: id });

/** A list of distinct ids: sending one twice is a client bug worth a 400, not a silent dedupe. */
const distinctIds = (max: number, what: string) =>
  z
    .array(id)
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `must not name the same ${what} twice`);

const OrderHistoryQuery = z.strictObject({
  ...Paging.shape,
  role: z.enum(['buyer', 'seller']).optional(),
  statusFamily: z.enum(ORDER_STATUS_FAMILIES).optional(),
});

export async function orderHistoryRoutes(context: MarketRouteContext) {
  const { r, deps, secured } = context;
  const { db } = deps;

  // ── Orders and reviews ──
  r.get(
    '/order',
    {
      schema: {
        description: 'One page of the caller’s orders, as buyer or seller, by status family.',
        tags: ['orders'],
        ...secured,
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistory },
      },
    },
    async (request) => orderHistory(db, request.caller.id, request.query),
  );
  r.get(
    '/order/pending-reviews',
    {
      schema: {
        description: 'One page of the caller’s orders that still await their rating.',
        tags: ['ratings'],
        ...secured,
        querystring: StrictPaging,
        response: { 200: PendingReviews },
      },
    },
    async (request) => pendingReviews(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.post(
    '/order/skip-reviews',
    {
      schema: {
        description: 'Stops asking the caller to rate these orders.',
        tags: ['ratings'],
        ...secured,
        body: z.strictObject({ orderIds: distinctIds(100, 'order') }),
        // 404: an order the body names is unknown or not the caller's.
        response: { 200: SkippedReviews, 404: ApiErrorBody },
      },
    },
    async (request) => skipReviews(deps, request.caller.id, request.body.orderIds),
  );
  for (const side of ['purchased', 'sold'] as const) {
    r.get(
      `/order/${side}-orders/:userId`,
      {
        schema: {
          tags: ['orders'],
          description: `One page of a user’s ${side === 'purchased' ? 'purchases' : 'sales'}, as others may see them.`,
          params: UserIdParams,
          querystring: StrictPaging,
          response: { 200: PublicOrders },
        },
      },
      async (request) => publicOrderHistory(db, request.params.userId, side, request.query.page, request.query.limit),
    );
  }
  r.get(
    '/order/seller/:id',
    {
      schema: {
        description: 'One of the caller’s sales as its seller sees it: buyer, address, label, tracking.',
        tags: ['orders'],
        ...secured,
        params: IdParams,
        response: { 200: SellerOrder },
      },
    },
    async (request) => sellerOrder(db, request.params.id, request.caller.id),
  );
}
