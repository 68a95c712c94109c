// The typed context of each event kind (DECISIONS "Policy"), built from plain facts: the live path
// passes what it read at the event, the backtest what it read from the stored event, and both get
// the very same variables, so a rule matches the same events in both (the property test).
import { ACTOR_FIELDS, EVENT_FIELDS } from '../../../../shared/contract/policy.js';
import { centsToUsd } from '../../../../shared/rules/money.js';
import { celRecord, type CelRecord } from './rule-language.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** What is known of an account, kept warm per account (account-facts.ts). */
export interface ActorFacts {
  id: string;
  createdAtMs: number;
  email: string;
  sellerEnabled: boolean;
  ordersAsBuyer: number;
  ordersAsSeller: number;
  /** Enforcements of the last 365 days. */
  enforcements: number;
  /** Every account of the actor's ring, the actor included (empty or one: unlinked). */
  ring: readonly string[];
  sellerLevel: string;
}

/** The domain of an email, lower case ("" when it has none). */
export const emailDomainOf = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
};

/** `actor` at the moment `atMs`: its age is counted to the event, not to now. */
export function actorVariable(facts: ActorFacts, atMs: number): CelRecord {
  return celRecord(ACTOR_FIELDS, {
    id: facts.id,
    ageDays: Math.max(0, Math.floor((atMs - facts.createdAtMs) / DAY_MS)),
    sellerEnabled: facts.sellerEnabled,
    ordersAsBuyer: facts.ordersAsBuyer,
    ordersAsSeller: facts.ordersAsSeller,
    enforcements: facts.enforcements,
    ringSize: Math.max(1, facts.ring.length),
    emailDomain: emailDomainOf(facts.email),
    sellerLevel: facts.sellerLevel,
  });
}

export interface BidFacts {
  amountCents: number;
  maxCents: number;
  listingId: string;
  sellerId: string;
  /** The auction's bids before this one. */
  bidsBefore: number;
  /** The auction's end (epoch ms), or null when it has none. */
  endTimeMs: number | null;
  atMs: number;
}

/** An auction without an end reads as ending far away (a year). */
const NO_END_MINUTES = 525_600;

export function bidVariable(bid: BidFacts, actor: ActorFacts): CelRecord {
  return celRecord(EVENT_FIELDS.bid, {
    amount: centsToUsd(bid.amountCents),
    maxBid: centsToUsd(bid.maxCents),
    listingId: bid.listingId,
    sellerId: bid.sellerId,
    bidCount: bid.bidsBefore,
    endsInMinutes:
      bid.endTimeMs === null ? NO_END_MINUTES : Math.max(0, Math.floor((bid.endTimeMs - bid.atMs) / MINUTE_MS)),
    sharesRingWithSeller: actor.ring.includes(bid.sellerId) && bid.sellerId !== actor.id,
  });
}

export interface MessageFacts {
  text: string;
  kind: 'chat' | 'auction';
  /** The auction's listing, null for a chat message. */
  listingId: string | null;
}

export const messageVariable = (message: MessageFacts): CelRecord =>
  celRecord(EVENT_FIELDS.message, { text: message.text, kind: message.kind, listingId: message.listingId ?? '' });

export interface OrderFacts {
  /** What the buyer pays: price times quantity, and the shipping they pay. */
  totalCents: number;
  listingId: string;
  sellerId: string;
}

export const orderVariable = (order: OrderFacts, actor: ActorFacts): CelRecord =>
  celRecord(EVENT_FIELDS.order, {
    total: centsToUsd(order.totalCents),
    listingId: order.listingId,
    sellerId: order.sellerId,
    sharesRingWithSeller: actor.ring.includes(order.sellerId) && order.sellerId !== actor.id,
  });

export interface ListingFacts {
  title: string;
  description: string;
  listingType: string;
  /** The buy-now price, or an auction's starting bid (0 when it has neither). */
  priceCents: number;
  change: 'created' | 'edited';
  /** The listing's bids before the event (0 when it is created). */
  bidsBefore: number;
}

export const listingVariable = (listing: ListingFacts): CelRecord =>
  celRecord(EVENT_FIELDS.listing, {
    title: listing.title,
    description: listing.description,
    listingType: listing.listingType,
    price: centsToUsd(listing.priceCents),
    change: listing.change,
    bidCount: listing.bidsBefore,
  });

/** The registration: the email is the account's, so its domain reads as `actor.emailDomain` does. */
export const signUpVariable = (actor: Pick<ActorFacts, 'email'>): CelRecord =>
  celRecord(EVENT_FIELDS.signUp, { email: actor.email, emailDomain: emailDomainOf(actor.email) });
