// The buyer/seller API (the paths the buyer and seller apps call), one route module per business
// area, registered in this order (the OpenAPI document lists paths in registration order, which
// is why an area's routes may come in more than one group). Reads of public things need no
// token; every write needs a Firebase ID token (platform/http/secured-routes.ts).
import type { FastifyInstance } from 'fastify';
import { securedRouteContext } from './platform/http/secured-routes.js';
import type { MarketServices } from './composition.js';
import { accountRoutes, callerDetailsRoute } from './modules/accounts/index.js';
import { bidRoutes, enteredGiveawayRoutes, giveawayEntryRoutes, uniqueBidRoutes } from './modules/auctions/index.js';
import { publicMarketRoutes } from './modules/catalogue/index.js';
import { communityRoutes } from './modules/community/index.js';
import { auctionFeedRoutes, chatMessageRoutes, chatRoutes, userChatRoutes } from './modules/conversations/index.js';
import { fulfilmentRoutes, shippingToolRoutes } from './modules/fulfilment/index.js';
import { listingByIdRoutes, listingRoutes, listingToolRoutes, sellerShelfRoutes } from './modules/listings/index.js';
import { notificationTypeRoutes } from './modules/notifications/index.js';
import { offerRoutes, orderHistoryRoutes, purchaseRoutes } from './modules/orders/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { appealRoutes } from './modules/trust-safety/index.js';
import { blockEnforcement } from './modules/blocks/index.js';
import { livePolicy } from './modules/policy/index.js';

export interface MarketRoutesOptions {
  deps: MarketServices;
}

export async function marketRoutesPlugin(app: FastifyInstance, { deps }: MarketRoutesOptions): Promise<void> {
  const context = securedRouteContext(app, deps, deps.identity, deps.marketAccounts);
  // Blocks meet every authenticated market request here, after its caller is resolved (before the
  // routes, so the hook is on each of them).
  const blocks = blockEnforcement(deps, app.prefix);
  app.addHook('preHandler', blocks.refuseBlockedCaller);
  app.addHook('onResponse', blocks.forgetAfterWrite);
  // Policy rules meet their events here too, after the blocks (ARCHITECTURE.md, "Policy").
  const policy = livePolicy(deps, app.prefix);
  app.addHook('preHandler', policy.refuseByPolicy);
  app.addHook('onSend', policy.noteStoredEvent);
  app.addHook('onResponse', policy.judgeAfterCommit);
  await publicMarketRoutes(app, deps);
  await accountRoutes(context);
  await listingToolRoutes(context);
  await paymentRoutes(context);
  await orderHistoryRoutes(context);
  await shippingToolRoutes(context);
  await notificationTypeRoutes(context);
  await uniqueBidRoutes(context);
  await userChatRoutes(context);
  await callerDetailsRoute(context);
  await bidRoutes(context);
  await listingRoutes(context);
  await enteredGiveawayRoutes(context);
  await listingByIdRoutes(context);
  await auctionFeedRoutes(context);
  await giveawayEntryRoutes(context);
  await purchaseRoutes(context);
  await fulfilmentRoutes(context);
  await offerRoutes(context);
  await chatRoutes(context);
  await sellerShelfRoutes(context);
  await chatMessageRoutes(context);
  await communityRoutes(context);
  await appealRoutes(context);
}
