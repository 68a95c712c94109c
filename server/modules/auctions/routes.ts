// The buyer's auction routes: placing a bid, a listing's bids and standing, the
// caller's own bids and maximum, and giveaway entries. market-routes.ts registers each group
// where the OpenAPI document lists it (the document's path order is registration order).
import type { FastifyRequest } from 'fastify';
import { usdToCents } from '../../../shared/rules/money.js';
import {
  AuctionStanding,
  BidBody,
  BidReceipt,
  EnteredGiveaways,
  GiveawayEntry,
  GiveawayEntryBody,
  ListingBids,
  OwnBids,
  OwnMaxBid,
} from '../../../shared/contract/market/auctions.js';
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import { badRequest } from '../../platform/http/errors.js';
import { IdParams, type MarketRouteContext, Paging, StrictPaging } from '../../platform/http/market-route-context.js';
import { UniqueBidAuctions } from '../../../shared/contract/market/auctions.js';
import { uniqueBidAuctions } from './bid-history.js';
import { latestBid, listingBids, ownMaxBid, userBids } from './bid-reads.js';
import { type BidScreen, placeBidInDb, type StoredBid } from './bidding.js';
import { enteredGiveaways, enterGiveaway } from './giveaways.js';

const tags = ['bids'];

/** Each `POST /bid` request's committed bid, for the policy hooks that judge it after the answer. */
const storedBids = new WeakMap<FastifyRequest, StoredBid>();
/** What judges a `POST /bid` request's bid under the auction's lock (policy's blocking rules). */
const bidScreens = new WeakMap<FastifyRequest, BidScreen>();

/** Has the request's bid judged by `screen` under its auction's lock, before it is written. */
export const screenBid = (request: FastifyRequest, screen: BidScreen): void => {
  bidScreens.set(request, screen);
};

/** What the request's bid wrote once it committed (undefined before, or when it was refused). */
export const storedBidOf = (request: FastifyRequest): StoredBid | undefined => storedBids.get(request);

/** `/bid…` and `/listing/:id/maxbid`. */
export async function bidRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.post(
    '/bid',
    {
      schema: {
        description: 'Bids on an auction, optionally with a maximum bid the server raises to on the caller’s behalf.',
        tags,
        ...secured,
        body: BidBody,
        response: { 200: BidReceipt, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      const { listingId, amount, maxBid } = request.body;
      if (maxBid !== undefined && maxBid < amount) throw badRequest('body/maxBid: must not be below amount');
      // The bid's time to answer counts from the request's arrival, sign-in check included.
      const receivedAt = performance.now() - reply.elapsedTime;
      return placeBidInDb(deps, {
        listingId,
        bidderId: user.id,
        maxCents: usdToCents(maxBid ?? amount),
        receivedAt,
        screen: bidScreens.get(request),
        stored: (bid) => storedBids.set(request, bid),
      });
    },
  );
  r.get(
    '/bid/listing/:id',
    {
      schema: {
        description: 'One page of an auction’s bids.',
        tags,
        params: IdParams,
        querystring: Paging,
        response: { 200: ListingBids },
      },
    },
    async (request) => listingBids(db, request.params.id, request.query.page, request.query.limit),
  );
  r.get(
    '/bid/latest/:id',
    {
      schema: {
        description: 'An auction’s standing: current bid, leader, bid count, end time.',
        tags,
        params: IdParams,
        response: { 200: AuctionStanding },
      },
    },
    async (request) => latestBid(db, request.params.id),
  );
  r.get(
    '/bid/user',
    {
      schema: {
        description: 'One page of the caller’s bids.',
        tags,
        ...secured,
        querystring: Paging,
        response: { 200: OwnBids },
      },
    },
    async (request) => userBids(db, request.caller.id, false, request.query.page, request.query.limit),
  );
  r.get(
    '/bid/user/active',
    {
      schema: {
        description: 'One page of the caller’s bids on auctions still running.',
        tags,
        ...secured,
        querystring: Paging,
        response: { 200: OwnBids },
      },
    },
    async (request) => userBids(db, request.caller.id, true, request.query.page, request.query.limit),
  );
  r.get(
    '/listing/:id/maxbid',
    {
      schema: {
        description: 'The caller’s maximum bid on an auction, or null.',
        tags,
        ...secured,
        params: IdParams,
        response: { 200: OwnMaxBid },
      },
    },
    async (request) => ownMaxBid(db, request.params.id, request.caller.id),
  );
}

/** `GET /listing/entered-giveaways`: the giveaways the caller entered (listed among the listing routes). */
export async function enteredGiveawayRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  r.get(
    '/listing/entered-giveaways',
    {
      schema: {
        description: 'One page of the giveaways the caller entered.',
        tags: ['listings'],
        ...secured,
        querystring: Paging,
        response: { 200: EnteredGiveaways },
      },
    },
    async (request) => enteredGiveaways(deps, request.caller.id, request.query.page, request.query.limit),
  );
}

/** `POST /giveaway-entry`: the caller enters a giveaway. */
export async function giveawayEntryRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  r.post(
    '/giveaway-entry',
    {
      schema: {
        description: 'Enters the caller in a giveaway.',
        tags: ['listings'],
        ...secured,
        body: GiveawayEntryBody,
        response: { 201: GiveawayEntry, 404: ApiErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await enterGiveaway(deps, request.body.listingId, request.caller.id)),
  );
}

/** The auctions one user bid on (public); listed after order history and notifications by type. */
export async function uniqueBidRoutes({ r, deps }: MarketRouteContext): Promise<void> {
  r.get(
    '/bid/user/unique/:id',
    {
      schema: {
        description: 'One page of the auctions a user bid on (each once).',
        tags: ['bids'],
        params: IdParams,
        querystring: StrictPaging,
        response: { 200: UniqueBidAuctions },
      },
    },
    async (request) => uniqueBidAuctions(deps.db, request.params.id, request.query.page, request.query.limit),
  );
}
