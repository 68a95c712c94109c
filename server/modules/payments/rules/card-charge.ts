// Whether the local ledger may charge a buyer's wallet, and with which card: the rule behind
// ledgerCharges, kept pure so its table is tested without a database.
import { isCardExpired, type CardFacts } from '../../../../shared/rules/payment-cards.js';
import { REQUIRED_PAYMENT_METHOD } from '../charges.js';

/** Stripe's message for a charge on an expired card (decline code expired_card). */
export const EXPIRED_CARD_MESSAGE = 'Your card has expired.';

export interface ChargeableCard extends Pick<CardFacts, 'exp_month' | 'exp_year'> {
  id: string;
  /** What the issuer answers every charge on this card (a test card that attaches but declines); null when it pays. */
  chargeDecline: string | null;
}

export interface LedgerWallet {
  /** Saved cards not removed, the default among them or not. */
  savedCards: number;
  /** The card charges use; null when none is chosen. */
  defaultCard: ChargeableCard | null;
}

export type LedgerChargeOutcome =
  | { kind: 'card'; cardId: string }
  | { kind: 'declined'; cardId: string | null; message: string }
  /** The ledger's leniency: a buyer who never saved a card pays from nowhere (there is no money here). */
  | { kind: 'no wallet' };

/**
 * A buyer who never saved a card is charged anyway: the local ledger moves no money, and the demo
 * data, the simulator and most tests buy without one. Once a buyer has a card, the ledger behaves
 * like Stripe: the default card pays, unless it has expired or its issuer declines it; cards but
 * no default is `required_payment_method`.
 */
export function ledgerChargeOutcome(wallet: LedgerWallet, now: Date): LedgerChargeOutcome {
  const card = wallet.defaultCard;
  if (card === null) {
    return wallet.savedCards === 0
      ? { kind: 'no wallet' }
      : { kind: 'declined', cardId: null, message: REQUIRED_PAYMENT_METHOD };
  }
  if (isCardExpired(card, now)) return { kind: 'declined', cardId: card.id, message: EXPIRED_CARD_MESSAGE };
  if (card.chargeDecline !== null) return { kind: 'declined', cardId: card.id, message: card.chargeDecline };
  return { kind: 'card', cardId: card.id };
}
