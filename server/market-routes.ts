// The buyer/seller API (the paths the buyer and seller apps call): bids, listings,
// giveaway entries, purchases, offers, chat, ratings, following, notifications, support.
// Every write needs a valid Firebase ID token (any user); the caller's marketplace user row is
// matched or created by firebaseId (remembered for a few seconds: `callerCacheOf`). Reads of public things (listings, bids) need no token;
// the buyer app's catalogue, public sections, time zones and settings are in `public.ts`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifiedCaller } from './platform/auth/bearer.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { HttpError } from './platform/http/errors.js';
import { bidRoutes, enteredGiveawayRoutes, giveawayEntryRoutes } from './modules/auctions/index.js';
import { auctionFeedRoutes, chatMessageRoutes, chatRoutes } from './modules/conversations/index.js';
import type { MarketDeps } from './market-deps.js';
import { accountRoutes, callerDetailsRoute } from './modules/accounts/index.js';
import { fulfilmentRoutes } from './modules/fulfilment/index.js';
import { listingByIdRoutes, listingRoutes, listingToolRoutes, sellerShelfRoutes } from './modules/listings/index.js';
import { communityRoutes } from './modules/community/index.js';
import {
  callerCacheOf,
  DeletedAccountError,
  EmailNotVerifiedError,
  type MarketUser,
} from './platform/auth/market-users.js';
import { offerRoutes, orderHistoryRoutes, purchaseRoutes } from './modules/orders/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { type MarketRouteContext, zodRouter } from './platform/http/market-route-context.js';
import { publicMarketRoutes } from './modules/catalogue/index.js';

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

  await callerDetailsRoute(context);

  // ── Bids ──
  await bidRoutes(context);

  // ── Listings ──
  await listingRoutes(context);
  await enteredGiveawayRoutes(context);
  await listingByIdRoutes(context);
  await auctionFeedRoutes(context);
  await giveawayEntryRoutes(context);

  // ── Purchases ──
  await purchaseRoutes(context);

  // ── Fulfilment: the seller's shipping manager, labels, shipping, carrier tracking ──
  await fulfilmentRoutes(context);

  // ── Offers ──
  await offerRoutes(context);

  // ── Chat ──
  await chatRoutes(context);
  await sellerShelfRoutes(context);
  await chatMessageRoutes(context);

  // ── Ratings, following, notifications, support ──
  await communityRoutes(context);
}
