// Order history (the caller's, one order as its seller sees it, a user's public sales) and the
// reviews delivered orders await. The other areas' reads that always followed them (shipping
// tools, notifications by type, a user's bid auctions and chats) are registered from here in the
// same order, so the OpenAPI document keeps it.
import { z } from 'zod';
import { id } from '../../../shared/contract/entities.js';
import { ORDER_STATUS_FAMILIES } from '../../../shared/rules/order-status-family.js';
import { HttpError } from '../../platform/http/errors.js';
import { uniqueBidAuctions } from '../auctions/index.js';
import { userChats } from '../conversations/index.js';
import { notificationTypeRoutes } from '../community/index.js';
import { orderHistory, publicOrderHistory, sellerOrder } from './order-history.js';
import { pendingReviews, skipReviews } from '../community/index.js';
import { type FulfilmentPorts, shippingToolRoutes } from '../fulfilment/index.js';
import { IdParams, type MarketRouteContext, Paging, StrictPaging } from '../../platform/http/market-route-context.js';
import { UniqueBidAuctions } from '../../../shared/contract/market/auctions.js';
import { Chats } from '../../../shared/contract/market/conversations.js';
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

export async function orderHistoryRoutes(context: MarketRouteContext<FulfilmentPorts>) {
  const { r, deps, authenticate, secured } = context;
  const { db } = deps;

  // ── Orders and reviews ──
  r.get(
    '/order',
    {
      schema: { tags: ['orders'], ...secured, querystring: OrderHistoryQuery, response: { 200: OrderHistory } },
    },
    async (request) => orderHistory(db, request.caller.id, request.query),
  );
  r.get(
    '/order/pending-reviews',
    {
      schema: { tags: ['ratings'], ...secured, querystring: StrictPaging, response: { 200: PendingReviews } },
    },
    async (request) => pendingReviews(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.post(
    '/order/skip-reviews',
    {
      schema: {
        tags: ['ratings'],
        ...secured,
        body: z.strictObject({ orderIds: distinctIds(100, 'order') }),
        response: { 200: SkippedReviews },
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
      schema: { tags: ['orders'], ...secured, params: IdParams, response: { 200: SellerOrder } },
    },
    async (request) => sellerOrder(db, request.params.id, request.caller.id),
  );

  // ── Shipping options, address check, quotes, bulk shipping documents (the fulfilment module's) ──
  await shippingToolRoutes(context);

  // ── Notifications by type (the community module's) ──
  await notificationTypeRoutes(context);

  // ── Bids and chats of one user ──
  r.get(
    '/bid/user/unique/:id',
    { schema: { tags: ['bids'], params: IdParams, querystring: StrictPaging, response: { 200: UniqueBidAuctions } } },
    async (request) => uniqueBidAuctions(db, request.params.id, request.query.page, request.query.limit),
  );
  r.get(
    '/chat/user-chats/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['chat'], ...secured, params: IdParams, querystring: Paging, response: { 200: Chats } },
    },
    async (request) => {
      const user = request.caller;
      if (user.id !== request.params.id) throw new HttpError(403, 'Only the user themself may read their chats');
      return userChats(db, user.id, request.query.page, request.query.limit);
    },
  );
}
