// Rules at the event's own place in the API (DECISIONS "Policy"). market-routes.ts adds these hooks
// to the market routes, so the areas that own the bid, the messages, the listing, the registration
// and the order are not touched:
// - before the write (preHandler), the `on` rules whose action is `block` judge the event as asked
//   and refuse it with 403 `blockedByPolicy` (nothing is stored);
// - after the commit (onResponse, once the answer has gone: nobody waits on a case), every other
//   rule in force judges the event as stored, and its match is recorded and acted on. A bid and a
//   message are judged from what they stored, handed over by their routes (`storedBidOf`,
//   `storedMessageOf`), as the row a backtest reads (stored-events.ts, `storedBidRow`,
//   `storedMessageRow`): no statement each. The other events are read back by the id the answer
//   carried, through the same read a backtest streams.
// With no rule in force for the event, each hook is one look in this node's book, in memory.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PolicyEvent } from '../../../shared/contract/policy.js';
import { usdToCents } from '../../../shared/rules/money.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { readRows } from '../../platform/db/sql-row.js';
import { accountFactsOf } from './account-facts.js';
import { actOnMatches, blockedByPolicy, recordBlock } from './rule-actions.js';
import { ruleBookOf, type LiveRule, type PolicySnapshot } from './rule-book.js';
import {
  actorVariable,
  bidVariable,
  listingVariable,
  messageVariable,
  orderVariable,
  signUpVariable,
  type ActorFacts,
} from './rules/event-context.js';
import type { CelRecord } from './rules/rule-language.js';
import { screenBid, storedBidOf } from '../auctions/index.js';
import { storedMessageOf } from '../conversations/index.js';
import {
  eventVariableOf,
  storedBidRow,
  storedMessageRow,
  StoredEventRow,
  storedEventsQuery,
  subjectOf,
  type StoredEvent,
} from './stored-events.js';

/** The market routes that are a policy event (method and path under the API prefix). */
const EVENT_ROUTES: Record<string, StoredEvent> = {
  'POST /bid': 'bid',
  'POST /message': 'message',
  'POST /listing/:id/messages': 'message',
  'POST /order': 'order',
  'POST /payments/with-order': 'order',
  'POST /listing': 'listing',
  'PATCH /listing/:id': 'listing',
  'POST /user': 'signUp',
};

const BidAsked = z.object({ listingId: z.string(), amount: z.number(), maxBid: z.number().optional() });
const ChatAsked = z.object({ chatId: z.string(), message: z.string() });
const AuctionTextAsked = z.object({ text: z.string() });
/** Where each event's answer names the stored event: the bid receipt, the message, the placed order. */
const STORED_ID_OF: Record<StoredEvent, z.ZodType<string>> = {
  bid: z.object({ bidId: z.string() }).transform((answer) => answer.bidId),
  message: z.object({ id: z.string() }).transform((answer) => answer.id),
  order: z.object({ orderId: z.string() }).transform((answer) => answer.orderId),
  listing: z.object({ id: z.string() }).transform((answer) => answer.id),
  signUp: z.object({ id: z.string() }).transform((answer) => answer.id),
};
const OrderAsked = z.object({ listingId: z.string(), quantity: z.number().optional() });
const ListingForSale = z.object({
  user_id: z.string(),
  price_cents: z.union([z.number(), z.string()]).transform(Number).nullable(),
  shipping_type: z.string(),
  shipping_price_cents: z.union([z.number(), z.string()]).transform(Number),
});

const ListingAsked = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  listingType: z.string().optional(),
  price: z.number().optional(),
  startingBid: z.number().optional(),
});
const ListingRead = z.object({
  user_id: z.string(),
  title: z.string(),
  description: z.string(),
  listing_type: z.string(),
  price_cents: z.union([z.number(), z.string()]).transform(Number).nullable(),
  starting_bid_cents: z.union([z.number(), z.string()]).transform(Number).nullable(),
  bids: z.union([z.number(), z.string()]).transform(Number),
});

interface Watched {
  event: StoredEvent;
  actorId: string;
  subjectId: string | null;
  /** When the request arrived: its stored event is no older (a listing's earlier edits are). */
  sinceMs: number;
}

/** A listing as asked: created from the body, or edited, the body over what the listing says now. */
async function askedListing(
  deps: ServiceDeps,
  request: FastifyRequest,
  actor: ActorFacts,
): Promise<{ variable: CelRecord; about: string } | null> {
  const asked = ListingAsked.safeParse(request.body);
  if (!asked.success) return null;
  const cents = (usd: number | undefined) => (usd === undefined ? undefined : usdToCents(usd));
  const listingId = (request.params as { id?: string } | undefined)?.id;
  if (listingId === undefined) {
    const variable = listingVariable({
      title: asked.data.title ?? '',
      description: asked.data.description ?? '',
      listingType: asked.data.listingType ?? 'default',
      priceCents: cents(asked.data.price) ?? cents(asked.data.startingBid) ?? 0,
      change: 'created',
      bidsBefore: 0,
    });
    return { variable, about: actor.id };
  }
  const [listing] = await readRows(
    deps.db,
    ListingRead,
    sql`SELECT user_id, title, description, listing_type, price_cents, starting_bid_cents,
               (SELECT count(*) FROM bids b WHERE b.listing_id = l.id) AS bids
          FROM listings l WHERE id = ${listingId} AND deleted_at IS NULL`,
  );
  // Another's listing, or none: the edit path's 404 to give.
  if (!listing || listing.user_id !== actor.id) return null;
  const variable = listingVariable({
    title: asked.data.title ?? listing.title,
    description: asked.data.description ?? listing.description,
    listingType: listing.listing_type,
    priceCents:
      cents(asked.data.price) ??
      listing.price_cents ??
      cents(asked.data.startingBid) ??
      listing.starting_bid_cents ??
      0,
    change: 'edited',
    bidsBefore: listing.bids,
  });
  return { variable, about: listingId };
}

/**
 * The event as asked, before the write: what a blocking rule judges, and what it was about. A bid
 * is judged under its auction's lock instead (`screenBidByRules`).
 */
async function askedEvent(
  deps: ServiceDeps,
  request: FastifyRequest,
  event: Exclude<StoredEvent, 'bid'>,
  actor: ActorFacts,
): Promise<{ variable: CelRecord; about: string } | null> {
  if (event === 'signUp') return { variable: signUpVariable(actor), about: actor.id };
  if (event === 'listing') return askedListing(deps, request, actor);
  if (event === 'order') {
    const asked = OrderAsked.safeParse(request.body);
    if (!asked.success) return null;
    const [listing] = await readRows(
      deps.db,
      ListingForSale,
      sql`SELECT user_id, price_cents, shipping_type, shipping_price_cents FROM listings WHERE id = ${asked.data.listingId}`,
    );
    if (!listing) return null;
    // What buyNow will charge (orders/purchases.ts): the price per unit times the quantity, and the
    // shipping when the buyer pays it.
    const totalCents =
      (listing.price_cents ?? 0) * (asked.data.quantity ?? 1) +
      (listing.shipping_type === 'buyer_pays' ? listing.shipping_price_cents : 0);
    const variable = orderVariable({ totalCents, listingId: asked.data.listingId, sellerId: listing.user_id }, actor);
    return { variable, about: asked.data.listingId };
  }
  const chat = ChatAsked.safeParse(request.body);
  if (chat.success) {
    return {
      variable: messageVariable({ text: chat.data.message, kind: 'chat', listingId: null }),
      about: chat.data.chatId,
    };
  }
  const text = AuctionTextAsked.safeParse(request.body);
  const listingId = (request.params as { id?: string } | undefined)?.id ?? null;
  if (!text.success || listingId === null) return null;
  return { variable: messageVariable({ text: text.data.text, kind: 'auction', listingId }), about: listingId };
}

/** The rules in force for `event` that `skip` leaves, and the lists they read. */
async function rulesInForce(
  deps: ServiceDeps,
  event: StoredEvent,
  skip: (rule: LiveRule) => boolean,
): Promise<{ rules: LiveRule[]; lists: PolicySnapshot['lists'] }> {
  const snapshot = await ruleBookOf(deps.db).snapshot();
  return { rules: (snapshot.rules.get(event) ?? []).filter((rule) => !skip(rule)), lists: snapshot.lists };
}

/** Judges one stored event by the rules in force and acts on what matched. */
export async function judgeStoredEvent(
  deps: ServiceDeps,
  event: StoredEvent,
  subjectId: string,
  skip: (rule: LiveRule) => boolean = () => false,
  sinceMs = 0,
): Promise<void> {
  const { rules, lists } = await rulesInForce(deps, event, skip);
  if (rules.length === 0) return;
  const since = sql`to_timestamp(${sinceMs}::double precision / 1000)`;
  // The newest of the subject's events since the request arrived: a listing's edit, not its creation.
  const row = (
    await readRows(
      deps.db,
      StoredEventRow,
      storedEventsQuery(event, (createdAt, id) => sql`${id} = ${subjectId} AND ${createdAt} >= ${since}`),
    )
  ).at(-1);
  if (!row) return;
  await judgeRow(deps, rules, lists, event, row);
}

/**
 * Judges a committed bid or message from what its route handed over (auctions' `StoredBid`,
 * conversations' `StoredMessage`), made the row its stored-events query would read: no statement
 * per event, the actor's facts aside (kept warm).
 */
async function judgeStoredRow(
  deps: ServiceDeps,
  event: StoredEvent,
  row: StoredEventRow,
  skip: (rule: LiveRule) => boolean,
): Promise<void> {
  const { rules, lists } = await rulesInForce(deps, event, skip);
  if (rules.length > 0) await judgeRow(deps, rules, lists, event, row);
}

/** The rules judge the stored event's row; the matches are recorded and acted on. */
async function judgeRow(
  deps: ServiceDeps,
  rules: readonly LiveRule[],
  lists: PolicySnapshot['lists'],
  event: StoredEvent,
  row: StoredEventRow,
): Promise<void> {
  const actor = await accountFactsOf(deps.db).of(row.actor_id, { ring: rules.some((rule) => rule.readsRing) });
  if (!actor) return;
  const context = {
    actor: actorVariable(actor, row.at_ms),
    event: eventVariableOf(event, row, actor),
    lists,
  };
  const matched = rules.filter((rule) => rule.matches(context));
  if (matched.length === 0) return;
  const subject = subjectOf(event, row);
  await actOnMatches(deps, matched, {
    event,
    actorId: row.actor_id,
    subjectId: row.id,
    subjectType: subject.type,
    listingId: row.listing_id,
    excerpt: subject.excerpt,
  });
}

/** A blocking rule refuses before the write; it is judged again after no commit, so skipped there. */
const refusesBeforeWrite = (rule: LiveRule) => rule.mode === 'on' && rule.action === 'block';

export function livePolicy(deps: ServiceDeps, prefix: string) {
  const book = ruleBookOf(deps.db);
  const watched = new WeakMap<FastifyRequest, Watched>();
  const blockedBids = new WeakMap<FastifyRequest, { rule: LiveRule; listingId: string; actorId: string }>();

  const eventOf = (request: FastifyRequest): PolicyEvent | undefined =>
    EVENT_ROUTES[`${request.method} ${request.routeOptions.url?.slice(prefix.length) ?? ''}`];

  /** preHandler: the blocking rules judge the event as asked. */
  async function refuseByPolicy(request: FastifyRequest): Promise<void> {
    const user = request.marketUser;
    const event = eventOf(request) as StoredEvent | undefined;
    if (!user || !event) return;
    const snapshot = await book.snapshot();
    const rules = snapshot.rules.get(event);
    if (!rules || rules.length === 0) return;
    // Only a listing has several events under one id (its creation, its edits); the others are one.
    watched.set(request, { event, actorId: user.id, subjectId: null, sinceMs: event === 'listing' ? Date.now() : 0 });
    const blocking = rules.filter(refusesBeforeWrite);
    if (blocking.length === 0) return;
    const actor = await accountFactsOf(deps.db).of(user.id, { ring: blocking.some((rule) => rule.readsRing) });
    if (!actor) return;
    if (event === 'bid') {
      screenBidByRules(request, blocking, snapshot.lists, actor);
      return;
    }
    const atMs = Date.now();
    const asked = await askedEvent(deps, request, event, actor);
    if (!asked) return;
    const context = { actor: actorVariable(actor, atMs), event: asked.variable, lists: snapshot.lists };
    const rule = blocking.find((candidate) => candidate.matches(context));
    if (!rule) return;
    watched.delete(request);
    await recordBlock(deps, rule, event, asked.about, user.id);
    throw blockedByPolicy(rule);
  }

  /**
   * A bid's blocking rules judge it under its auction's lock (auctions' `screenBid`), from the
   * auction the bid reads there anyway: no read of its own. A match refuses the bid before its
   * write; the block is recorded before the 403 goes (onSend).
   */
  function screenBidByRules(
    request: FastifyRequest,
    rules: readonly LiveRule[],
    lists: PolicySnapshot['lists'],
    actor: ActorFacts,
  ): void {
    const asked = BidAsked.safeParse(request.body);
    if (!asked.success) return;
    const { listingId, amount, maxBid } = asked.data;
    screenBid(request, (auction) => {
      const bid = bidVariable(
        {
          amountCents: usdToCents(amount),
          maxCents: usdToCents(maxBid ?? amount),
          listingId,
          sellerId: auction.sellerId,
          bidsBefore: auction.bidsBefore,
          endTimeMs: auction.endTimeMs,
          atMs: auction.atMs,
        },
        actor,
      );
      const context = { actor: actorVariable(actor, auction.atMs), event: bid, lists };
      const rule = rules.find((candidate) => candidate.matches(context));
      if (!rule) return null;
      blockedBids.set(request, { rule, listingId, actorId: actor.id });
      return blockedByPolicy(rule);
    });
  }

  /** onSend: a refused bid's block recorded; the stored event's id, from a successful answer. */
  async function noteStoredEvent(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const blocked = blockedBids.get(request);
    if (blocked) {
      blockedBids.delete(request);
      watched.delete(request);
      // The bid is refused whatever happens here: a block that cannot be recorded is logged, not a 500.
      await recordBlock(deps, blocked.rule, 'bid', blocked.listingId, blocked.actorId).catch((error: unknown) =>
        request.log.error({ err: error }, 'policy rules could not record a blocked bid'),
      );
      return payload;
    }
    const watch = watched.get(request);
    // A bid and a message are handed over by their routes (`storedBidOf`, `storedMessageOf`), their
    // answers left unparsed.
    if (!watch || watch.event === 'bid' || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    if (watch.event === 'message' && storedMessageOf(request)) return payload;
    try {
      const answered = STORED_ID_OF[watch.event].safeParse(JSON.parse(payload));
      watch.subjectId = answered.success ? answered.data : null;
    } catch {
      watch.subjectId = null;
    }
    return payload;
  }

  /** onResponse: the other rules judge the stored event, after the caller has their answer. */
  async function judgeAfterCommit(request: FastifyRequest): Promise<void> {
    const watch = watched.get(request);
    if (!watch) return;
    watched.delete(request);
    let judged: Promise<void>;
    const message = watch.event === 'message' ? storedMessageOf(request) : undefined;
    if (watch.event === 'bid') {
      const bid = storedBidOf(request);
      if (!bid) return;
      judged = judgeStoredRow(deps, 'bid', storedBidRow(bid), refusesBeforeWrite);
    } else if (message) {
      judged = judgeStoredRow(deps, 'message', storedMessageRow(message), refusesBeforeWrite);
    } else {
      if (!watch.subjectId) return;
      judged = judgeStoredEvent(deps, watch.event, watch.subjectId, refusesBeforeWrite, watch.sinceMs);
    }
    await judged.catch((error: unknown) =>
      request.log.error({ err: error }, 'policy rules could not judge a stored event'),
    );
  }

  return { refuseByPolicy, noteStoredEvent, judgeAfterCommit };
}
