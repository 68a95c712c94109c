// A rule is checked against its event's typed context when it is saved: what an author may write,
// and the error (with its position) for what they may not.
import { describe, expect, it } from 'vitest';
import type { PolicyEvent } from '../../../../shared/contract/policy.js';
import { checkRule, compileRule, readsRing, ruleCheckMessage, type RuleCheck } from './rule-language.js';

const LISTS = ['payWords', 'badDomains'];

describe('checkRule', () => {
  const cases: [PolicyEvent, string, RuleCheck][] = [
    ['bid', 'actor.ageDays < 3 && bid.sharesRingWithSeller', { valid: true }],
    ['bid', 'bid.amount > 100 && bid.endsInMinutes < 5', { valid: true }],
    ['message', 'lists.payWords.exists(w, message.text.lowerAscii().contains(w))', { valid: true }],
    ['signUp', 'signUp.emailDomain in lists.badDomains', { valid: true }],
    ['order', 'order.total >= 500.0 && actor.ordersAsBuyer == 0', { valid: true }],
    ['listing', 'listing.change == "edited" && listing.bidCount > 0', { valid: true }],
    // A misspelt field: the error and where it is.
    ['bid', 'actor.agDays < 3', { valid: false, message: 'No such key: agDays', line: 1, column: 7 }],
    [
      'bid',
      'actor.ageDays < 3 &&\n  bid.amout > 5',
      { valid: false, message: 'No such key: amout', line: 2, column: 7 },
    ],
    // Another event's variable is not declared for this one.
    ['bid', 'message.text == "x"', { valid: false, message: 'Unknown variable: message', line: 1, column: 1 }],
    // A list that does not exist is caught like a field.
    [
      'message',
      'lists.payWordz.exists(w, message.text.contains(w))',
      { valid: false, message: 'No such key: payWordz', line: 1, column: 7 },
    ],
    // Not a yes-or-no.
    [
      'bid',
      'bid.amount',
      { valid: false, message: 'a rule must be true or false, this is a double', line: 1, column: 1 },
    ],
    // A syntax error.
    ['bid', 'bid.amount >', { valid: false, message: 'Unexpected token: EOF', line: 1, column: 13 }],
    // Types: a string is not a number.
    ['bid', 'bid.amount > "5"', { valid: false, message: 'no such overload: double > string', line: 1, column: 1 }],
  ];
  it.each(cases)('%s: %j', (event, expression, expected) => {
    expect(checkRule(event, expression, LISTS)).toEqual(expected);
  });

  it('says the error and its position in one line of a 400', () => {
    const check = checkRule('bid', 'actor.agDays < 3', LISTS);
    expect(check.valid).toBe(false);
    if (!check.valid) expect(ruleCheckMessage(check)).toBe('expression: No such key: agDays (line 1, column 7)');
  });
});

describe('compileRule', () => {
  it('runs a rule over the typed variables; an evaluation error is no match', () => {
    const rule = compileRule('message', 'lists.payWords.exists(w, message.text.lowerAscii().contains(w))', [
      'payWords',
    ]);
    const actor = { id: 'u1' };
    expect(
      rule({ actor, event: { text: 'Pay me on VENMO', kind: 'chat', listingId: '' }, lists: { payWords: ['venmo'] } }),
    ).toBe(true);
    expect(
      rule({ actor, event: { text: 'Lovely lamp', kind: 'chat', listingId: '' }, lists: { payWords: ['venmo'] } }),
    ).toBe(false);
    // The list was deleted since the rule compiled: no match rather than an error on the event's path.
    expect(rule({ actor, event: { text: 'venmo', kind: 'chat', listingId: '' }, lists: {} })).toBe(false);
  });
});

describe('readsRing', () => {
  it.each([
    ['actor.ringSize > 3', true],
    ['bid.sharesRingWithSeller', true],
    ['actor.ageDays < 3', false],
  ] as const)('%s → %s', (expression, expected) => expect(readsRing(expression)).toBe(expected));
});
