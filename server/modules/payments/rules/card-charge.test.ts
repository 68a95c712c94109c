import { describe, expect, it } from 'vitest';
import { type LedgerChargeOutcome, ledgerChargeOutcome, type LedgerWallet } from './card-charge.js';

const NOW = new Date('2026-05-15T12:00:00Z');
const card = (id: string, exp: [month: number, year: number], chargeDecline: string | null = null) => ({
  id,
  exp_month: exp[0],
  exp_year: exp[1],
  chargeDecline,
});

describe('what the local ledger does with a buyer’s wallet', () => {
  it.each<[string, LedgerWallet, LedgerChargeOutcome]>([
    ['no card ever saved: paid from nowhere', { savedCards: 0, defaultCard: null }, { kind: 'no wallet' }],
    [
      'cards but no default: required_payment_method',
      { savedCards: 2, defaultCard: null },
      { kind: 'declined', cardId: null, message: 'required_payment_method' },
    ],
    [
      'a good default card pays',
      { savedCards: 1, defaultCard: card('pm_1', [4, 2029]) },
      { kind: 'card', cardId: 'pm_1' },
    ],
    [
      'a default card good through this month still pays',
      { savedCards: 1, defaultCard: card('pm_1', [5, 2026]) },
      { kind: 'card', cardId: 'pm_1' },
    ],
    [
      'a default card expired last month is declined',
      { savedCards: 1, defaultCard: card('pm_1', [4, 2026]) },
      { kind: 'declined', cardId: 'pm_1', message: 'Your card has expired.' },
    ],
    [
      'a card that attaches but declines every charge',
      { savedCards: 1, defaultCard: card('pm_1', [4, 2029], 'Your card was declined.') },
      { kind: 'declined', cardId: 'pm_1', message: 'Your card was declined.' },
    ],
  ])('%s', (_, wallet, outcome) => expect(ledgerChargeOutcome(wallet, NOW)).toEqual(outcome));
});
