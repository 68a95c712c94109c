// The buyer/seller API (spec section 7, "Buyer and seller application paths"): bids, listings,
// giveaway entries, purchases, offers, chat, ratings, following, notifications, support.
// Every write needs a valid Firebase ID token (any user); the caller's marketplace user row is
// matched or created by firebaseId (remembered for a few seconds: `callerCacheOf`). Reads of public things (listings, bids) need no token;
// the buyer app's catalogue, public sections, time zones and settings are in `public.ts`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Address, AuctionMessage, Chat, id, usd } from '../shared/contract/entities.js';
import { LABEL_SIZES, type OrderStatus } from '../shared/contract/enums.js';
import { nextOrderStatuses } from '../shared/rules/order-transitions.js';
import { freeText, singleLineText } from '../shared/contract/text.js';
import { usdToCents } from '../shared/rules/money.js';
import { verifiedCaller } from './platform/auth/bearer.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { badRequest, HttpError } from './platform/http/errors.js';
import { latestBid, listingBids, ownMaxBid, placeBidInDb, userBids } from './modules/auctions/bidding.js';
import {
  auctionFeed,
  blockChat,
  chatMessages,
  chatOf,
  markAsRead,
  openChat,
  postAuctionText,
  postMessage,
  unreadCount,
  userChats,
} from './modules/conversations/chat.js';
import { acceptOffer, buyNow, declineOffer, listOffers, listOrders, makeOffer } from './modules/orders/commerce.js';
import type { MarketDeps } from './market-deps.js';
import { AddressBody, addAddress, addressesOf } from './modules/accounts/addresses.js';
import {
  applyTrackingUpdate,
  generateShippingLabel,
  markShipped,
  shippingManager,
} from './modules/fulfilment/fulfilment.js';
import { enteredGiveaways, enterGiveaway } from './modules/auctions/giveaways.js';
import { retryPayment } from './modules/orders/orders.js';
import {
  createListing,
  CreateListingBody,
  editListing,
  EditListingBody,
  endListing,
  getPublicListing,
  listListings,
  publishListing,
} from './modules/listings/listings.js';
import {
  community,
  createSupportRequest,
  follow,
  isFollowing,
  markNotificationsRead,
  notificationsOf,
  rateOrder,
  userRatings,
} from './modules/community/social.js';
import {
  callerCacheOf,
  DeletedAccountError,
  EmailNotVerifiedError,
  type MarketUser,
} from './platform/auth/market-users.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { listingToolRoutes } from './modules/listings/tool-routes.js';
import { orderHistoryRoutes } from './modules/orders/history-routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { IdParams, type MarketRouteContext, Paging, text, zodRouter } from './platform/http/market-route-context.js';
import { publicMarketRoutes } from './modules/catalogue/routes.js';
import {
  AcceptedOffer,
  Addresses,
  AuctionFeed,
  AuctionStanding,
  BidReceipt,
  CallerDetails,
  Chats,
  ChatMessages,
  Community,
  EnteredGiveaways,
  FollowState,
  GiveawayEntry,
  GivenRating,
  IsFollowing,
  ListingBids,
  MarketListing,
  MarketListings,
  MessagesMarkedRead,
  Notifications,
  NotificationsMarkedRead,
  Offer,
  Offers,
  OrderSummaries,
  OwnBids,
  OwnMaxBid,
  PlacedOrder,
  SellerOrder,
  SellerRatings,
  SentMessage,
  ShippingManager,
  SupportRequest,
  UnreadCount,
} from './market-responses.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a secured market route. */
    marketUser: MarketUser | null;
  }
}

export interface MarketRoutesOptions {
  deps: MarketDeps;
  identity: IdentityProvider;
}

const positiveUsd = usd.refine((amount) => amount > 0, 'must be more than 0');

const BidBody = z.strictObject({ listingId: id, amount: positiveUsd, maxBid: positiveUsd.optional() });
const ListingQuery = Paging.extend({
  listingType: z.enum(['default', 'auction', 'giveaway']).optional(),
  status: z.enum(['active', 'auction_ended', 'sold']).default('active'),
});

/** What a carrier scan may report: every status a parcel on its way can take (the transition table's). */
const CARRIER_REPORTS = nextOrderStatuses('SHIPPING_LABEL_PRINTED', 'carrier') as [string, ...string[]];
const TrackingBody = z.strictObject({
  trackingCode: singleLineText().trim().min(1).max(64),
  status: z.enum(CARRIER_REPORTS),
});

export async function marketRoutesPlugin(app: FastifyInstance, { deps, identity }: MarketRoutesOptions): Promise<void> {
  const r = zodRouter(app);
  const { db } = deps;
  const callers = callerCacheOf(db);
  const secured = { security: [{ bearerAuth: [] as never[] }] };

  app.decorateRequest('marketUser', null);
  /** Runs before body validation: a request without a valid token is 401, whatever its body. */
  async function authenticate(request: FastifyRequest): Promise<void> {
    const verified = await verifiedCaller(request, identity);
    try {
      request.marketUser = await callers.resolve(verified);
    } catch (error) {
      if (error instanceof DeletedAccountError) throw new HttpError(403, error.message);
      if (error instanceof EmailNotVerifiedError) throw new HttpError(403, error.message, 'emailNotVerified');
      throw error;
    }
  }
  /** Admins only, with no marketplace account made for them: the carrier's stand-in. */
  async function authenticateAdmin(request: FastifyRequest): Promise<void> {
    const verified = await verifiedCaller(request, identity);
    if (!verified.admin) throw new HttpError(403, 'Only an admin may post carrier tracking updates');
  }
  // Every route documented as secured authenticates, whether or not it names the hook itself.
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (route.schema?.security && !hooks.includes(authenticate) && !hooks.includes(authenticateAdmin)) {
      route.onRequest = [authenticate, ...hooks];
    }
  });
  /** The caller of a secured route (set by `authenticate`). */
  async function caller(request: FastifyRequest): Promise<MarketUser> {
    if (!request.marketUser) throw new Error('authenticate did not run');
    return request.marketUser;
  }

  await publicMarketRoutes(app, deps);
  const context: MarketRouteContext = { app, r, deps, identity, authenticate, authenticateAdmin, caller, secured };
  // Section 7's areas, one module each (they share `context`; see context.ts).
  await accountRoutes(context);
  await listingToolRoutes(context);
  await paymentRoutes(context);
  await orderHistoryRoutes(context);

  r.get(
    '/user/my-details',
    { onRequest: authenticate, schema: { tags: ['user'], ...secured, response: { 200: CallerDetails } } },
    async (request) => caller(request),
  );

  // ── Bids ──
  r.post(
    '/bid',
    { onRequest: authenticate, schema: { tags: ['bids'], ...secured, body: BidBody, response: { 200: BidReceipt } } },
    async (request) => {
      const user = await caller(request);
      const { listingId, amount, maxBid } = request.body;
      if (maxBid !== undefined && maxBid < amount) throw badRequest('body/maxBid: must not be below amount');
      return placeBidInDb(deps, { listingId, bidderId: user.id, maxCents: usdToCents(maxBid ?? amount) });
    },
  );
  r.get(
    '/bid/listing/:id',
    { schema: { tags: ['bids'], params: IdParams, querystring: Paging, response: { 200: ListingBids } } },
    async (request) => listingBids(db, request.params.id, request.query.page, request.query.limit),
  );
  r.get(
    '/bid/latest/:id',
    { schema: { tags: ['bids'], params: IdParams, response: { 200: AuctionStanding } } },
    async (request) => latestBid(db, request.params.id),
  );
  r.get(
    '/bid/user',
    {
      onRequest: authenticate,
      schema: { tags: ['bids'], ...secured, querystring: Paging, response: { 200: OwnBids } },
    },
    async (request) => {
      const user = await caller(request);
      return userBids(db, user.id, false, request.query.page, request.query.limit);
    },
  );
  r.get(
    '/bid/user/active',
    {
      onRequest: authenticate,
      schema: { tags: ['bids'], ...secured, querystring: Paging, response: { 200: OwnBids } },
    },
    async (request) => {
      const user = await caller(request);
      return userBids(db, user.id, true, request.query.page, request.query.limit);
    },
  );
  r.get(
    '/listing/:id/maxbid',
    { onRequest: authenticate, schema: { tags: ['bids'], ...secured, params: IdParams, response: { 200: OwnMaxBid } } },
    async (request) => {
      const user = await caller(request);
      return ownMaxBid(db, request.params.id, user.id);
    },
  );

  // ── Listings ──
  r.post(
    '/listing',
    {
      onRequest: authenticate,
      schema: { tags: ['listings'], ...secured, body: CreateListingBody, response: { 201: MarketListing } },
    },
    async (request, reply) => {
      const user = await caller(request);
      return reply.code(201).send(await createListing(deps, user.id, request.body));
    },
  );
  r.get(
    '/listing',
    { schema: { tags: ['listings'], querystring: ListingQuery, response: { 200: MarketListings } } },
    async (request) => listListings(db, { ...request.query }),
  );
  r.get(
    '/listing/seller',
    {
      onRequest: authenticate,
      schema: { tags: ['listings'], ...secured, querystring: Paging, response: { 200: MarketListings } },
    },
    async (request) => {
      const user = await caller(request);
      return listListings(db, {
        sellerId: user.id,
        ownList: true,
        page: request.query.page,
        limit: request.query.limit,
      });
    },
  );
  r.get(
    '/listing/entered-giveaways',
    {
      onRequest: authenticate,
      schema: { tags: ['listings'], ...secured, querystring: Paging, response: { 200: EnteredGiveaways } },
    },
    async (request) => {
      const user = await caller(request);
      return enteredGiveaways(deps, user.id, request.query.page, request.query.limit);
    },
  );
  r.get(
    '/listing/:id',
    { schema: { tags: ['listings'], params: IdParams, response: { 200: MarketListing } } },
    async (request) => getPublicListing(db, request.params.id),
  );
  r.patch(
    '/listing/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['listings'],
        ...secured,
        params: IdParams,
        body: EditListingBody,
        response: { 200: MarketListing },
      },
    },
    async (request) => {
      const user = await caller(request);
      return editListing(deps, request.params.id, user.id, request.body);
    },
  );
  r.patch(
    '/listing/:id/publish',
    {
      onRequest: authenticate,
      schema: { tags: ['listings'], ...secured, params: IdParams, response: { 200: MarketListing } },
    },
    async (request) => {
      const user = await caller(request);
      return publishListing(deps, request.params.id, user.id);
    },
  );
  r.patch(
    '/listing/:id/ended',
    {
      onRequest: authenticate,
      schema: { tags: ['listings'], ...secured, params: IdParams, response: { 200: MarketListing } },
    },
    async (request) => {
      const user = await caller(request);
      return endListing(deps, request.params.id, user.id);
    },
  );
  r.get(
    '/listing/:id/messages',
    { schema: { tags: ['listings'], params: IdParams, querystring: Paging, response: { 200: AuctionFeed } } },
    async (request) => auctionFeed(db, request.params.id, request.query.page, request.query.limit),
  );
  r.post(
    '/listing/:id/messages',
    {
      onRequest: authenticate,
      schema: {
        tags: ['listings'],
        ...secured,
        params: IdParams,
        body: z.strictObject({ text: text(1000) }),
        response: { 201: AuctionMessage },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      return reply.code(201).send(await postAuctionText(deps, user.id, request.params.id, request.body.text));
    },
  );
  r.post(
    '/giveaway-entry',
    {
      onRequest: authenticate,
      schema: {
        tags: ['listings'],
        ...secured,
        body: z.strictObject({ listingId: id }),
        response: { 201: GiveawayEntry },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      return reply.code(201).send(await enterGiveaway(deps, request.body.listingId, user.id));
    },
  );

  // ── Purchases and offers ──
  const PurchaseBody = z.strictObject({ listingId: id, quantity: z.number().int().min(1).max(100).default(1) });
  for (const path of ['/order', '/payments/with-order']) {
    r.post(
      path,
      {
        onRequest: authenticate,
        schema: { tags: ['orders'], ...secured, body: PurchaseBody, response: { 201: PlacedOrder } },
      },
      async (request, reply) => {
        const user = await caller(request);
        return reply.code(201).send(await buyNow(deps, request.body.listingId, user.id, request.body.quantity));
      },
    );
  }
  r.post(
    '/payments/retry',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        ...secured,
        body: z.strictObject({ orderId: id }),
        response: { 200: PlacedOrder },
      },
    },
    async (request) => retryPayment(deps, request.body.orderId, (await caller(request)).id),
  );
  r.get(
    '/order/purchased',
    {
      onRequest: authenticate,
      schema: { tags: ['orders'], ...secured, querystring: Paging, response: { 200: OrderSummaries } },
    },
    async (request) => listOrders(db, (await caller(request)).id, 'purchased', request.query.page, request.query.limit),
  );
  r.get(
    '/order/sold',
    {
      onRequest: authenticate,
      schema: { tags: ['orders'], ...secured, querystring: Paging, response: { 200: OrderSummaries } },
    },
    async (request) => listOrders(db, (await caller(request)).id, 'sold', request.query.page, request.query.limit),
  );

  // ── Fulfilment: the seller's shipping manager, labels, shipping, carrier tracking ──
  r.get(
    '/user/shipping-info',
    { onRequest: authenticate, schema: { tags: ['user'], ...secured, response: { 200: Addresses } } },
    async (request) => addressesOf(db, (await caller(request)).id),
  );
  r.post(
    '/user/shipping-info',
    { onRequest: authenticate, schema: { tags: ['user'], ...secured, body: AddressBody, response: { 201: Address } } },
    async (request, reply) => reply.code(201).send(await addAddress(db, (await caller(request)).id, request.body)),
  );
  for (const path of ['/order-group', '/order/shipping-manager']) {
    r.get(
      path,
      { onRequest: authenticate, schema: { tags: ['orders'], ...secured, response: { 200: ShippingManager } } },
      async (request) => shippingManager(db, (await caller(request)).id),
    );
  }
  r.post(
    '/order-group/generate-shipping-label/:orderId/:labelSize',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        ...secured,
        params: z.object({ orderId: id, labelSize: z.enum(LABEL_SIZES) }),
        response: { 200: SellerOrder },
      },
    },
    async (request) =>
      generateShippingLabel(deps, request.params.orderId, (await caller(request)).id, request.params.labelSize),
  );
  r.patch(
    '/order/:id/mark-shipped',
    {
      onRequest: authenticate,
      schema: { tags: ['orders'], ...secured, params: IdParams, response: { 200: SellerOrder } },
    },
    async (request) => markShipped(deps, request.params.id, (await caller(request)).id),
  );
  r.post(
    '/shipping/tracking',
    {
      onRequest: authenticateAdmin,
      schema: { tags: ['shipping'], ...secured, body: TrackingBody, response: { 200: SellerOrder } },
    },
    async (request) => applyTrackingUpdate(deps, request.body.trackingCode, request.body.status as OrderStatus),
  );

  r.post(
    '/offer',
    {
      onRequest: authenticate,
      schema: {
        tags: ['offers'],
        ...secured,
        body: z.strictObject({ listingId: id, amount: positiveUsd }),
        response: { 201: Offer },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      return reply
        .code(201)
        .send(await makeOffer(deps, request.body.listingId, user.id, usdToCents(request.body.amount)));
    },
  );
  r.get(
    '/offer',
    {
      onRequest: authenticate,
      schema: { tags: ['offers'], ...secured, querystring: Paging, response: { 200: Offers } },
    },
    async (request) => listOffers(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.post(
    '/offer/:id/accept',
    {
      onRequest: authenticate,
      schema: { tags: ['offers'], ...secured, params: IdParams, response: { 200: AcceptedOffer } },
    },
    async (request) => acceptOffer(deps, request.params.id, (await caller(request)).id),
  );
  r.post(
    '/offer/:id/decline',
    { onRequest: authenticate, schema: { tags: ['offers'], ...secured, params: IdParams, response: { 200: Offer } } },
    async (request) => declineOffer(deps, request.params.id, (await caller(request)).id),
  );

  // ── Chat ──
  r.post(
    '/chat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['chat'],
        ...secured,
        body: z.strictObject({ otherUserId: id }),
        response: { 200: Chat },
      },
    },
    async (request) => openChat(deps, (await caller(request)).id, request.body.otherUserId),
  );
  r.get(
    '/chat',
    {
      onRequest: authenticate,
      schema: { tags: ['chat'], ...secured, querystring: Paging, response: { 200: Chats } },
    },
    async (request) => userChats(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.get(
    '/chat/count',
    { onRequest: authenticate, schema: { tags: ['chat'], ...secured, response: { 200: UnreadCount } } },
    async (request) => unreadCount(db, (await caller(request)).id),
  );
  r.get(
    '/chat/:a/:b',
    {
      onRequest: authenticate,
      schema: { tags: ['chat'], ...secured, params: z.object({ a: id, b: id }), response: { 200: Chat } },
    },
    async (request) => chatOf(db, (await caller(request)).id, request.params.a, request.params.b),
  );
  r.get(
    '/auctions',
    { schema: { tags: ['listings'], querystring: Paging, response: { 200: MarketListings } } },
    async (request) => listListings(db, { listingType: 'auction', status: 'active', ...request.query }),
  );
  r.get(
    '/listing/active-listings/:id',
    { schema: { tags: ['listings'], params: IdParams, querystring: Paging, response: { 200: MarketListings } } },
    async (request) => listListings(db, { sellerId: request.params.id, status: 'active', ...request.query }),
  );
  r.get(
    '/listing/unsold-listings/:id',
    { schema: { tags: ['listings'], params: IdParams, querystring: Paging, response: { 200: MarketListings } } },
    async (request) => listListings(db, { sellerId: request.params.id, status: 'auction_ended', ...request.query }),
  );
  r.post(
    '/chat/block-chat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['chat'],
        ...secured,
        body: z.strictObject({ chatId: id, block: z.boolean().default(true) }),
        response: { 200: Chat },
      },
    },
    async (request) => blockChat(deps, (await caller(request)).id, request.body.chatId, request.body.block),
  );
  r.post(
    '/message',
    {
      onRequest: authenticate,
      schema: {
        tags: ['chat'],
        ...secured,
        body: z.strictObject({ chatId: id, message: text(2000) }),
        response: { 201: SentMessage },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      return reply.code(201).send(await postMessage(deps, user.id, request.body.chatId, request.body.message));
    },
  );
  r.get(
    '/message/chat-messages/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['chat'], ...secured, params: IdParams, querystring: Paging, response: { 200: ChatMessages } },
    },
    async (request) =>
      chatMessages(db, (await caller(request)).id, request.params.id, request.query.page, request.query.limit),
  );
  r.patch(
    '/message/mark-as-read/:readerId/:senderId',
    {
      onRequest: authenticate,
      schema: {
        tags: ['chat'],
        ...secured,
        params: z.object({ readerId: id, senderId: id }),
        response: { 200: MessagesMarkedRead },
      },
    },
    async (request) => markAsRead(deps, (await caller(request)).id, request.params.readerId, request.params.senderId),
  );

  // ── Ratings, following, notifications, support ──
  r.post(
    '/rate',
    {
      onRequest: authenticate,
      schema: {
        tags: ['ratings'],
        ...secured,
        body: z.strictObject({
          orderId: id,
          rate: z.number().int().min(1).max(5),
          experience: freeText().max(2000).optional(),
        }),
        response: { 201: GivenRating },
      },
    },
    async (request, reply) => {
      const user = await caller(request);
      const { orderId, rate, experience } = request.body;
      return reply.code(201).send(await rateOrder(deps, user.id, orderId, rate, experience ?? null));
    },
  );
  r.get(
    '/rate/user/:id',
    { schema: { tags: ['ratings'], params: IdParams, response: { 200: SellerRatings } } },
    async (request) => userRatings(db, request.params.id),
  );
  r.post(
    '/following',
    {
      schema: {
        tags: ['following'],
        ...secured,
        body: z.strictObject({ userId: id, follow: z.boolean().default(true) }),
        response: { 200: FollowState },
      },
    },
    async (request) => follow(deps, (await caller(request)).id, request.body.userId, request.body.follow),
  );
  r.get(
    '/following',
    { onRequest: authenticate, schema: { tags: ['following'], ...secured, response: { 200: Community } } },
    async (request) => community(db, (await caller(request)).id, 'following'),
  );
  r.get(
    '/following/followers',
    { onRequest: authenticate, schema: { tags: ['following'], ...secured, response: { 200: Community } } },
    async (request) => community(db, (await caller(request)).id, 'follower'),
  );
  r.get(
    '/following/is-following',
    {
      onRequest: authenticate,
      schema: {
        tags: ['following'],
        ...secured,
        querystring: z.object({ userId: id }),
        response: { 200: IsFollowing },
      },
    },
    async (request) => isFollowing(db, (await caller(request)).id, request.query.userId),
  );
  r.get(
    '/notifications',
    {
      onRequest: authenticate,
      schema: { tags: ['notifications'], ...secured, querystring: Paging, response: { 200: Notifications } },
    },
    async (request) => notificationsOf(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.patch(
    '/notifications/mark-all-as-read',
    {
      onRequest: authenticate,
      schema: { tags: ['notifications'], ...secured, response: { 200: NotificationsMarkedRead } },
    },
    async (request) => markNotificationsRead(db, (await caller(request)).id, null),
  );
  r.patch(
    '/notifications/mark-as-read/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['notifications'], ...secured, params: IdParams, response: { 200: NotificationsMarkedRead } },
    },
    async (request) => markNotificationsRead(db, (await caller(request)).id, request.params.id),
  );
  r.post(
    '/customer-support',
    {
      onRequest: authenticate,
      schema: {
        tags: ['support'],
        ...secured,
        body: z.strictObject({ message: text(5000), issue: singleLineText().max(200).optional() }),
        response: { 201: SupportRequest },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSupportRequest(db, (await caller(request)).id, request.body)),
  );
  r.post(
    '/customer-support/order-issue',
    {
      onRequest: authenticate,
      schema: {
        tags: ['support'],
        ...secured,
        body: z.strictObject({ orderId: id, issue: singleLineText().min(1).max(200), message: text(5000) }),
        response: { 201: SupportRequest },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSupportRequest(db, (await caller(request)).id, request.body)),
  );
}
