// Wiring the market into the app: `registerMarket` mounts the buyer/seller routes and keeps the
// services' dependencies on the app (`app.market`); `marketRealtime` attaches Socket.IO to the
// API's own http server and points the services' event relay at it; `startMarketWorkers` runs
// the auction closer and the bulk shipping documents sweep (server.ts only, so tests that build the
// app run no timers).
import type { FastifyInstance } from 'fastify';
import type { AdminEvents } from './platform/events/admin-events.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import type { Database } from './platform/db/database.js';
import type { RealtimeContext } from './app.js';
import { listingRoom, userRoom } from '../shared/contract/realtime-events.js';
import { attachRealtime, type VerifyToken } from './platform/realtime/attach-realtime.js';
import type { MarketServices, Ports } from './composition.js';
import { marketRoutesPlugin } from './market-routes.js';
import { type AuctionCloser, flushOutbidNotices, startAuctionCloser } from './modules/auctions/index.js';
import { startSellerLevelSweep } from './modules/seller-standing/index.js';
import { createRelayPublisher, marketEvent } from './platform/events/pending-events.js';
import { startShippingDocumentSweep } from './modules/fulfilment/index.js';
import { stripeWebhookPlugin } from './modules/payments/index.js';
import { watchMarketDay } from './modules/market-health/index.js';
import { autoAssignCase } from './modules/trust-safety/index.js';
import type { AdminEventPayload } from '../shared/contract/realtime-events.js';
import { AccountSuspendedError, resolveMarketUser } from './platform/auth/market-users.js';
import { startSignInIpPruning } from './platform/auth/sign-in-ips.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market services' dependencies (database, event relay, ports). */
    market: MarketServices;
  }
}

export interface RegisterMarketOptions {
  database: Database;
  /** Every port, as composition.ts picked them; the services read them from `app.market`. */
  ports: Ports;
  /** Admin changes the market tells its users of (a cancelled order). */
  adminEvents?: AdminEvents;
  /** The API prefix the routes live under. */
  prefix?: string;
}

/** Call on the root instance (not inside a plugin), before `app.ready()`. */
export async function registerMarket(app: FastifyInstance, options: RegisterMarketOptions): Promise<MarketServices> {
  const deps: MarketServices = {
    ...options.ports,
    db: options.database.db,
    events: createRelayPublisher((error) => app.log.error({ err: error }, 'realtime event refused by the contract')),
  };
  app.decorate('market', deps);
  // Outbid notices are written in batches after the bids commit: the last batch before the pool closes.
  app.addHook('onClose', () => flushOutbidNotices(deps.db));
  // An admin's cancel reaches the buyer's and the seller's apps like any other status change.
  options.adminEvents?.on('orderCancelled', ({ orderId, listingId, buyerId, sellerId, trackingCode }) =>
    deps.events.publish([
      marketEvent('orderStatusUpdate', [userRoom(buyerId), userRoom(sellerId)], {
        orderId,
        listingId,
        status: 'cancelled',
        trackingCode,
      }),
    ]),
  );
  // A released hold moves the listing's end like an extension does.
  options.adminEvents?.on('listingHoldReleased', ({ listingId, endTime }) =>
    deps.events.publish([marketEvent('listingEndTimeIncremented', [listingRoom(listingId)], { listingId, endTime })]),
  );
  // Voided bids: the auction's room hears its recomputed standing (price, leader, count).
  options.adminEvents?.on('bidsVoided', (standing) =>
    deps.events.publish([marketEvent('bidsVoided', [listingRoom(standing.listingId)], standing)]),
  );
  await app.register(marketRoutesPlugin, { prefix: options.prefix ?? '/v1', deps });
  // Its own plugin: the raw-body parser Stripe's signature needs stays inside it.
  await app.register(stripeWebhookPlugin, {
    prefix: options.prefix ?? '/v1',
    deps,
    webhookSecret: options.ports.stripeWebhookSecret,
  });
  return deps;
}

/**
 * The socket's user room is `user:{marketplace user id}` (what the services publish to), so the
 * handshake maps a buyer's or seller's Firebase uid to the user row, creating it on first
 * contact like the API does.
 */
export function marketVerifyToken(
  deps: Pick<MarketServices, 'db' | 'marketAccounts'>,
  identity: IdentityProvider,
): VerifyToken {
  return async (token) => {
    const verified = await identity.verifyIdToken(token);
    // A moderator's socket needs no marketplace account (and must not create one).
    if (verified.admin) return { uid: verified.uid, admin: true, adminRole: verified.adminRole, email: verified.email };
    const user = await resolveMarketUser(deps.db, deps.marketAccounts, verified);
    if (user.suspended) throw new AccountSuspendedError();
    return { uid: user.id, admin: false };
  };
}

/** The server-to-server event (between API nodes, over the Redis adapter) of `adminSessionsChanged`. */
const ADMIN_SESSIONS_CHANGED = 'adminSessionsChanged';

export interface MarketRealtimeOptions {
  redisUrl?: string | undefined;
}

/** A realtime registration for `buildApp({realtime})`: Socket.IO on `app.server`, closed with the app. */
export function marketRealtime(options: MarketRealtimeOptions = {}) {
  return async (app: FastifyInstance, context: RealtimeContext) => {
    const deps = app.market;
    const realtime = await attachRealtime(app.server, {
      verifyToken: marketVerifyToken(deps, context.identity),
      redisUrl: options.redisUrl,
      onError: (error, where) => app.log.warn({ err: error }, where),
    });
    // Who is online, for the routes (the assignee picker) and the auto-assignment below.
    context.presence.attach(() => realtime.onlineAdmins());
    // A case that opened goes on to the least-loaded moderator online when the team opted in.
    deps.events.attach({
      publishMarket: realtime.publishMarket,
      publishAdmin(name, payload) {
        realtime.publishAdmin(name, payload);
        if (name === 'reviewCaseOpened') {
          const { id } = payload as AdminEventPayload<'reviewCaseOpened'>;
          autoAssignCase({ db: deps.db, events: context.events }, id, () => context.presence.online()).catch(
            (error: unknown) => app.log.warn({ err: error }, 'auto-assignment failed'),
          );
        }
      },
    });
    // Deletions by any admin reach every moderator's window, so no one acts on a row that is gone.
    context.events.on('auctionMessageDeleted', (payload) => realtime.publishAdmin('auctionMessageDeleted', payload));
    context.events.on('chatDeleted', (payload) => realtime.publishAdmin('chatDeleted', payload));
    context.events.on('messageDeleted', (payload) => realtime.publishAdmin('messageDeleted', payload));
    context.events.on('reviewCaseUpdated', (payload) => realtime.publishAdmin('reviewCaseUpdated', payload));
    // Voided bids change an auction's standing with no new row anywhere: every back office showing
    // it (its bid ladder, its drawer, its active listings row) hears the new standing.
    context.events.on('bidsVoided', (standing) => realtime.publishAdmin('auctionStandingChanged', standing));
    // A suspended or banned user leaves at once: every socket of theirs, on every node.
    context.events.on('accountSuspended', ({ userId }) => realtime.io.in(userRoom(userId)).disconnectSockets(true));
    // An owner revoked or changed an admin here: the other nodes forget that account's sessions
    // too, so its revoked tokens answer 401 everywhere at once (this node forgot already).
    // (One node alone has nobody to tell: the in-memory adapter has no server-side emit.)
    if (realtime.recovery === 'redis-streams') {
      context.events.on('adminSessionsChanged', ({ uid }) => realtime.io.serverSideEmit(ADMIN_SESSIONS_CHANGED, uid));
    }
    realtime.io.on(ADMIN_SESSIONS_CHANGED, (uid: unknown) => {
      if (typeof uid === 'string') context.identity.forgetSessions?.(uid);
    });
    // The audit log screen is live: every admin action reaches every open back office.
    context.events.on('auditEntryAdded', (entry) => realtime.publishAdmin('auditEntryAdded', entry));
    // The dashboard's charts are live: today's counters, looked at every couple of seconds.
    const marketDay = watchMarketDay(
      { db: context.database.reads },
      (payload) => realtime.publishAdmin('marketDayUpdated', payload),
      { onError: (error) => app.log.warn({ err: error }, 'market day watcher') },
    );
    app.addHook('onClose', async () => {
      marketDay.stop();
      deps.events.attach(null);
      context.presence.attach(null);
      await realtime.close();
    });
  };
}

/** The background workers of one node; several nodes may run them side by side. */
export function startMarketWorkers(app: FastifyInstance, options: { intervalMs?: number } = {}): AuctionCloser {
  const closer = startAuctionCloser(app.market, {
    ...options,
    onError: (error) => app.log.error({ err: error }, 'auction closer pass failed'),
  });
  // Bulk shipping documents a stopped node left unfinished (shipping-documents.ts).
  const documents = startShippingDocumentSweep(app.market, {
    onError: (error) => app.log.error({ err: error }, 'shipping document sweep failed'),
  });
  // Sign-in IPs are kept 90 days (platform/auth/sign-in-ips.ts).
  const pruning = startSignInIpPruning(app.market.db, (error) =>
    app.log.error({ err: error }, 'sign-in IP pruning failed'),
  );
  // Seller levels: the queue of sellers to settle, and every seller once a day (seller-levels.ts).
  const sellerLevels = startSellerLevelSweep(app.market.db, (error) =>
    app.log.error({ err: error }, 'seller level sweep failed'),
  );
  return {
    tick: () => closer.tick(),
    stop: async () => {
      pruning.stop();
      sellerLevels.stop();
      await Promise.all([closer.stop(), documents.stop()]);
    },
  };
}
