// A buyer's saved cards (`/payments/card`, `/payments/stripe/payment-method`): the customer at the
// payment provider (created on the first card; its id in users.stripe_customer_id), the cards in
// the provider's card-object shape, the default card charges use, and removal, which a bidder in
// a running auction may not do to their last usable card (409 with code paymentDeletedWithActiveBids).
import { storeProviderId } from '../accounts/index.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SavedCard as SavedCardSchema } from '../../../shared/contract/market/payments.js';
import {
  cardExpiryText,
  cardLabel,
  cardRemovalRefusal,
  isCardExpired,
  usableCards,
} from '../../../shared/rules/payment-cards.js';
import type { Executor } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { conflict, HttpError, notFound } from '../../platform/http/errors.js';
import type { ProviderCard, SavedCards } from './payment-accounts.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from './ports.js';

/** A saved card as the buyer app shows it: the provider's card object plus what we know of it. */
export type SavedCard = z.output<typeof SavedCardSchema>;

const savedCardOf = (card: ProviderCard, defaultId: string | null, now: Date): SavedCard => ({
  ...card,
  isDefault: card.id === defaultId,
  expired: isCardExpired(card, now),
  label: cardLabel(card),
  expiry: cardExpiryText(card),
});

/** A provider's 404 for an id we stored: an id from another provider or the seed, not a customer it knows. */
export const isUnknownToProvider = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

async function holderOf(db: Executor, userId: string) {
  const [row] = await readRows(
    db,
    sqlRow(users, 'email', 'stripe_customer_id'),
    sql`SELECT email, stripe_customer_id FROM users WHERE id = ${userId}`,
  );
  if (!row) throw notFound('User');
  return row;
}

/** The user's cards at the provider; none when they have no customer (or one the provider does not know). */
async function cardsOf(deps: ServiceDeps<PaymentPorts>, customerId: string | null): Promise<SavedCards> {
  if (customerId === null) return { cards: [], defaultId: null };
  try {
    return await deps.paymentAccounts.savedCards(customerId);
  } catch (error) {
    if (isUnknownToProvider(error)) return { cards: [], defaultId: null };
    throw error;
  }
}

/**
 * The user's customer id, created at the provider when they have none (or a stale one). One
 * statement stores it, and only over what it replaces, so two first cards at once keep one id.
 */
async function ensureCustomer(deps: ServiceDeps<PaymentPorts>, userId: string): Promise<string> {
  const accounts = deps.paymentAccounts;
  const holder = await holderOf(deps.db, userId);
  if (holder.stripe_customer_id !== null) {
    try {
      await accounts.savedCards(holder.stripe_customer_id);
      return holder.stripe_customer_id;
    } catch (error) {
      if (!isUnknownToProvider(error)) throw error;
    }
  }
  const created = await accounts.createCustomer({ userId, email: holder.email });
  const stored = await storeProviderId(deps.db, userId, 'stripe_customer_id', created, holder.stripe_customer_id);
  // Somebody else stored one first: theirs counts (the provider gave both requests the same
  // customer when they raced, by the idempotency key or the ledger's one customer per user).
  return stored ?? (await holderOf(deps.db, userId)).stripe_customer_id!;
}

/** `GET /payments/card`: the user's cards, oldest first. */
export async function savedCardsOf(deps: ServiceDeps<PaymentPorts>, userId: string) {
  const { cards, defaultId } = await cardsOf(deps, (await holderOf(deps.db, userId)).stripe_customer_id);
  const now = new Date(nowOf(deps));
  const items = cards.map((card) => savedCardOf(card, defaultId, now));
  return { count: items.length, items };
}

/** The card charges use, or null. */
export async function defaultCardOf(deps: ServiceDeps<PaymentPorts>, userId: string): Promise<SavedCard | null> {
  const { items } = await savedCardsOf(deps, userId);
  return items.find((card) => card.isDefault) ?? null;
}

/** Saves a card from a provider token; the first card (or the first while none is default) becomes the default. */
export async function addCard(deps: ServiceDeps<PaymentPorts>, userId: string, token: string): Promise<SavedCard> {
  const accounts = deps.paymentAccounts;
  const customerId = await ensureCustomer(deps, userId);
  const card = await accounts.attachCard(customerId, token);
  const { defaultId } = await accounts.savedCards(customerId);
  const now = new Date(nowOf(deps));
  if (defaultId === null && !isCardExpired(card, now)) {
    await accounts.setDefaultCard(customerId, card.id);
    return savedCardOf(card, card.id, now);
  }
  return savedCardOf(card, defaultId, now);
}

async function ownCard(deps: ServiceDeps<PaymentPorts>, userId: string, cardId: string) {
  const customerId = (await holderOf(deps.db, userId)).stripe_customer_id;
  const saved = await cardsOf(deps, customerId);
  const card = saved.cards.find((candidate) => candidate.id === cardId);
  // Another user's card id reads exactly like an unknown one.
  if (!card || customerId === null) throw notFound('Payment method');
  return { customerId, card, saved };
}

/** Makes one of the user's cards the one charges use; an expired card cannot be. */
export async function setDefaultCard(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
  cardId: string,
): Promise<SavedCard> {
  const { customerId, card } = await ownCard(deps, userId, cardId);
  const now = new Date(nowOf(deps));
  if (isCardExpired(card, now)) {
    throw conflict(`${cardLabel(card)} expired at the end of ${cardExpiryText(card)}; choose a card that can pay`);
  }
  await deps.paymentAccounts.setDefaultCard(customerId, cardId);
  return savedCardOf(card, cardId, now);
}

/**
 * Auctions the user has bid on that have not closed yet. One past its end time still counts: the
 * closer has yet to charge its winner.
 */
async function biddingAuctions(db: Executor, userId: string): Promise<number> {
  const [row] = await readRows(
    db,
    z.object({ auctions: countValue }),
    sql`SELECT count(DISTINCT b.listing_id) AS auctions FROM bids b JOIN listings l ON l.id = b.listing_id
        WHERE b.user_id = ${userId} AND b.voided_at IS NULL AND l.listing_type = 'auction' AND l.status = 'active' AND l.deleted_at IS NULL`,
  );
  return Number(row?.auctions ?? 0);
}

/**
 * Removes a card. A bidder keeps at least one usable card (409 paymentDeletedWithActiveBids);
 * when the default goes, the newest usable card left becomes the default.
 */
export async function removeCard(deps: ServiceDeps<PaymentPorts>, userId: string, cardId: string): Promise<void> {
  const { customerId, saved } = await ownCard(deps, userId, cardId);
  const now = new Date(nowOf(deps));
  // Bids are counted holding the user's row FOR UPDATE. A bid already takes that row's KEY SHARE
  // lock (the foreign key check of its INSERT into bids) until it commits, so a bid being written
  // now is waited for and counted; the bid path gets no new lock (it waits only if it inserts
  // during this one count). A bid that comes after the count is a bid by a user removing their
  // card, which bidding allows to anyone (it checks no card: that would be a provider call under
  // the auction's lock); its charge at the close is the provider's to refuse, like any payment
  // without a usable card (PAYMENT_FAILED, a strike, /payments/retry). The provider calls stay
  // outside the lock (so two removals at once can each see the other card): the ledger runs on
  // this database (PGlite runs one transaction at a time); a Stripe call must not hold a connection.
  const activeBidAuctions = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    return biddingAuctions(tx, userId);
  });
  const refusal = cardRemovalRefusal({ cards: saved.cards, removedId: cardId, activeBidAuctions, now });
  if (refusal) throw new HttpError(409, refusal, 'paymentDeletedWithActiveBids');
  const accounts = deps.paymentAccounts;
  await accounts.detachCard(customerId, cardId);
  if (saved.defaultId === cardId) {
    const successor = usableCards(
      saved.cards.filter((card) => card.id !== cardId),
      now,
    ).at(-1);
    if (successor) await accounts.setDefaultCard(customerId, successor.id);
  }
}
