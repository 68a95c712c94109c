import { describe, expect, it } from 'vitest';
import { cardExpiryText, cardLabel, cardRemovalRefusal, isCardExpired, usableCards } from './payment-cards.js';

describe('card label', () => {
  it.each([
    ['visa', '4242', 'Visa •••• 4242'],
    ['mastercard', '4444', 'Mastercard •••• 4444'],
    ['amex', '8431', 'American Express •••• 8431'],
    ['discover', '1117', 'Discover •••• 1117'],
    ['unknown', '0000', 'Card •••• 0000'],
    ['a-new-network', '1234', 'Card •••• 1234'],
  ])('%s %s → %s', (brand, last4, label) => expect(cardLabel({ brand, last4 })).toBe(label));
});

describe('card expiry text', () => {
  it.each([
    [4, 2027, '04/27'],
    [12, 2030, '12/30'],
    [1, 2100, '01/00'],
  ])('%i/%i → %s', (exp_month, exp_year, text) => expect(cardExpiryText({ exp_month, exp_year })).toBe(text));
});

describe('a card is good through the last day of its expiry month (UTC)', () => {
  it.each([
    ['a later year', { exp_month: 1, exp_year: 2027 }, '2026-06-15T12:00:00Z', false],
    ['a later month of this year', { exp_month: 7, exp_year: 2026 }, '2026-06-15T12:00:00Z', false],
    ['this month, first day', { exp_month: 6, exp_year: 2026 }, '2026-06-01T00:00:00Z', false],
    ['this month, last second', { exp_month: 6, exp_year: 2026 }, '2026-06-30T23:59:59Z', false],
    ['the next month, first second', { exp_month: 6, exp_year: 2026 }, '2026-07-01T00:00:00Z', true],
    ['an earlier month of this year', { exp_month: 5, exp_year: 2026 }, '2026-06-15T12:00:00Z', true],
    ['an earlier year, later month', { exp_month: 12, exp_year: 2025 }, '2026-06-15T12:00:00Z', true],
    ['December into January', { exp_month: 12, exp_year: 2025 }, '2026-01-01T00:00:00Z', true],
  ])('%s', (_, card, now, expired) => expect(isCardExpired(card, new Date(now))).toBe(expired));

  it('keeps only the usable cards', () => {
    const cards = [
      { id: 'old', exp_month: 1, exp_year: 2020 },
      { id: 'good', exp_month: 1, exp_year: 2030 },
    ];
    expect(usableCards(cards, new Date('2026-06-15T00:00:00Z')).map((card) => card.id)).toEqual(['good']);
  });
});

describe('removing a card while bidding', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  const good = { id: 'good', exp_month: 1, exp_year: 2030 };
  const alsoGood = { id: 'also', exp_month: 2, exp_year: 2031 };
  const expired = { id: 'old', exp_month: 1, exp_year: 2020 };
  const refused = 'You have bids on 1 running auction; add another card before removing your last usable one';
  it.each([
    ['no running bids: any card may go', [good], 'good', 0, null],
    ['the last usable card of a bidder', [good, expired], 'good', 1, refused],
    ['the only card of a bidder', [good], 'good', 1, refused],
    [
      'the count of auctions reads in the message',
      [good],
      'good',
      3,
      'You have bids on 3 running auctions; add another card before removing your last usable one',
    ],
    ['one of two usable cards', [good, alsoGood], 'good', 2, null],
    ['an expired card, even the only one', [expired], 'old', 1, null],
    ['an expired card next to a usable one', [good, expired], 'old', 1, null],
    ['a card that is not among them', [good], 'missing', 1, null],
  ])('%s', (_, cards, removedId, activeBidAuctions, refusal) =>
    expect(cardRemovalRefusal({ cards, removedId, activeBidAuctions, now })).toBe(refusal),
  );
});
