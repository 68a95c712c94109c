// The patterns `matches()` may run on every event: nothing that backtracks catastrophically.
import { describe, expect, it } from 'vitest';
import { checkRule } from './rule-language.js';
import { riskyPattern } from './regex-guard.js';

describe('riskyPattern', () => {
  it.each([
    ['venmo|zelle', null],
    ['^\\+?[0-9]{10,15}$', null],
    ['(cash|venmo)app', null],
    ['(ab|cd)+', null],
    ['\\b(pay|wire)\\b.*now', null],
    ['.*x.*', null],
    ['[a-z]+@[a-z]+\\.com', null],
    ['(?:ab)+c', null],
    ['a{2,5}', null],
    ['(a+)+$', 'matches() takes no repeated group that repeats inside (a nested quantifier)'],
    ['(a*)*', 'matches() takes no repeated group that repeats inside (a nested quantifier)'],
    ['(\\w+\\s?)*$', 'matches() takes no repeated group that repeats inside (a nested quantifier)'],
    ['((ab)+c)+', 'matches() takes no repeated group that repeats inside (a nested quantifier)'],
    ['(x+){2,}', 'matches() takes no repeated group that repeats inside (a nested quantifier)'],
    [
      '(a|aa)*',
      'matches() takes a repeated group of alternatives only when they are words with distinct first letters',
    ],
    [
      '(a|a)+b',
      'matches() takes a repeated group of alternatives only when they are words with distinct first letters',
    ],
    ['(.|x)*', 'matches() takes a repeated group of alternatives only when they are words with distinct first letters'],
    ['(a)\\1', 'matches() takes no backreference'],
    ['pay(?=pal)', 'matches() takes no lookahead or lookbehind'],
    ['.*.*.*x', 'matches() takes at most 2 unbounded repeats (*, +, {n,})'],
    ['(ab', 'matches() takes a well-formed pattern (a group is not closed)'],
    ['ab)', 'matches() takes a well-formed pattern (a group is closed twice)'],
    ['[ab', 'matches() takes a well-formed pattern (a character class is not closed)'],
    ['a'.repeat(201), 'a pattern of matches() is at most 200 characters'],
  ])('%s → %s', (pattern, refused) => {
    expect(riskyPattern(pattern)).toBe(refused);
  });
});

describe('matches() in a rule', () => {
  it.each([
    ['message.text.matches("venmo|zelle")', { valid: true }],
    [
      'message.text.size() > 3 && message.text.matches("(a+)+$")',
      {
        valid: false,
        message: 'matches() takes no repeated group that repeats inside (a nested quantifier)',
        line: 1,
        column: 49,
      },
    ],
    [
      'lists.patterns.exists(p, message.text.matches(p))',
      {
        valid: false,
        message: 'matches() takes a pattern written in the rule (a string in quotes)',
        line: 1,
        column: 47,
      },
    ],
  ] as const)('%s', (expression, check) => {
    expect(checkRule('message', expression, ['patterns'])).toEqual(check);
  });
});
