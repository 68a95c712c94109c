// How a saved card reads and whether it can still pay: the provider's card object (brand, last4,
// exp_month, exp_year) is all these rules need, so the buyer app, the server and the admin agree.

/** The card fields the rules read (a subset of the provider's card object). */
export interface CardFacts {
  brand: string;
  last4: string;
  /** 1–12. */
  exp_month: number;
  exp_year: number;
}

/** Card networks as the provider names them → as people say them. */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** 'Visa •••• 4242'; a brand we do not know reads as 'Card'. Never more than the last four digits. */
export function cardLabel(card: Pick<CardFacts, 'brand' | 'last4'>): string {
  return `${CARD_BRAND_NAMES[card.brand] ?? 'Card'} •••• ${card.last4}`;
}

/** '04/27': the expiry as printed on the card. */
export function cardExpiryText(card: Pick<CardFacts, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

/**
 * A card is good through the last day of its expiry month (card networks' rule), judged in UTC
 * so every server node and the provider agree on the day it stops working.
 */
export function isCardExpired(card: Pick<CardFacts, 'exp_month' | 'exp_year'>, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return card.exp_year < year || (card.exp_year === year && card.exp_month < month);
}

/** The cards that can still pay. */
export function usableCards<C extends Pick<CardFacts, 'exp_month' | 'exp_year'>>(cards: readonly C[], now: Date): C[] {
  return cards.filter((card) => !isCardExpired(card, now));
}

export interface CardRemoval<C> {
  cards: readonly C[];
  removedId: string;
  /** Running auctions the owner has bid on: a win there must be chargeable. */
  activeBidAuctions: number;
  now: Date;
}

/**
 * Why the owner may not remove this card, or null when they may: a bidder in a running auction
 * must keep at least one card that can pay if they win. Removing an expired card, or one of two
 * usable cards, is always fine.
 */
export function cardRemovalRefusal<C extends Pick<CardFacts, 'exp_month' | 'exp_year'> & { id: string }>(
  removal: CardRemoval<C>,
): string | null {
  if (removal.activeBidAuctions === 0) return null;
  const usable = usableCards(removal.cards, removal.now);
  if (!usable.some((card) => card.id === removal.removedId)) return null;
  if (usable.length > 1) return null;
  const auctions =
    removal.activeBidAuctions === 1 ? '1 running auction' : `${removal.activeBidAuctions} running auctions`;
  return `You have bids on ${auctions}; add another card before removing your last usable one`;
}
