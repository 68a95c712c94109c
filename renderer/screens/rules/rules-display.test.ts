import { describe, expect, it } from 'vitest';
import type { Backtest } from '../../../shared/contract/policy.js';
import {
  contextFieldsOf,
  EMPTY_RULE_FORM,
  listItemsOf,
  outcomeBars,
  precisionText,
  ruleBodyOf,
  precisionTargetOf,
  precisionWarning,
  sampleActorText,
  sampleLinkText,
  type RuleForm,
} from './rules-display.js';

const stats = (precision: number | null) => ({ matches7d: 3, actions7d: 1, upheld: 1, overturned: 0, precision });

describe('precisionText', () => {
  it.each([
    ['no stats', undefined, '—'],
    ['nothing decided yet', stats(null), '—'],
    ['all upheld', stats(1), '100%'],
    ['two thirds', stats(2 / 3), '67%'],
    ['none upheld', stats(0), '0%'],
  ])('%s', (_, given, shown) => expect(precisionText(given)).toBe(shown));
});

describe('contextFieldsOf', () => {
  it('lists the actor first, then the event’s own variable', () => {
    const fields = contextFieldsOf('message').map((field) => field.path);
    expect(fields[0]).toBe('actor.id');
    expect(fields).toContain('actor.ageDays');
    expect(fields.slice(-3)).toEqual(['message.text', 'message.kind', 'message.listingId']);
    expect(fields.some((path) => path.startsWith('bid.'))).toBe(false);
  });
});

describe('ruleBodyOf', () => {
  const form = (patch: Partial<RuleForm>): RuleForm => ({
    ...EMPTY_RULE_FORM,
    name: 'Young bidder',
    expression: 'actor.ageDays < 3',
    ...patch,
  });
  it.each([
    ['a name is needed', form({ name: '  ' }), 'Give the rule a name'],
    ['an expression is needed', form({ expression: '' }), 'Write the rule’s expression'],
    [
      'a block says why to the refused user',
      form({ action: 'block' }),
      'A blocking rule needs the message the refused user reads',
    ],
  ])('%s', (_, given, message) => expect(ruleBodyOf(given)).toEqual({ ok: false, message }));

  it('trims the fields and leaves an empty public message out', () => {
    expect(ruleBodyOf(form({ name: ' Young bidder ', publicMessage: ' ' }))).toEqual({
      ok: true,
      body: {
        name: 'Young bidder',
        event: 'bid',
        expression: 'actor.ageDays < 3',
        action: 'openCase',
        priority: 'normal',
      },
    });
  });
});

describe('outcomeBars', () => {
  it('gives every outcome in the contract’s order with its count', () => {
    const backtest = {
      byOutcome: { voided: 2, enforced: 1, refunded: 0, appealGranted: 0, caseDismissed: 3, none: 4 },
    } as Backtest;
    expect(outcomeBars(backtest).map((bar) => [bar.label, bar.count])).toEqual([
      ['Bid voided', 2],
      ['User enforced', 1],
      ['Order refunded', 0],
      ['Appeal granted', 0],
      ['Case dismissed', 3],
      ['Nothing happened', 4],
    ]);
  });
});

describe('listItemsOf', () => {
  it.each([
    ['one a line, trimmed', ' paypal \nwire\n', ['paypal', 'wire']],
    ['blanks and repeats dropped', 'a\n\n a\nb', ['a', 'b']],
    ['nothing', '   ', []],
  ])('%s', (_, text, items) => expect(listItemsOf(text)).toEqual(items));
});

describe('sampleLinkText and sampleActorText', () => {
  const sample = (
    opens: Backtest['samples'][number]['opens'],
    actorName: string | null,
    listingTitle: string | null = null,
  ) => ({ at: '2026-12-01T00:00:00.000Z', subjectId: 's', actorId: 'a', opens, actorName, listingTitle });
  it.each([
    [
      'a bid opens its auction, by title',
      sample({ type: 'listing', id: 'l7' }, 'Mia Novak', 'Brass lamp'),
      'Open listing “Brass lamp”',
      'by Mia Novak',
    ],
    [
      'a listing gone from the table',
      sample({ type: 'listing', id: 'l7' }, 'Mia Novak'),
      'Open listing l7',
      'by Mia Novak',
    ],
    ['an order, by its buyer', sample({ type: 'order', id: 'o2' }, 'Mia Novak'), 'Open Mia Novak’s order', null],
    ['an order of an account with no name', sample({ type: 'order', id: 'o2' }, null), 'Open order o2', null],
    ['a user, by name', sample({ type: 'user', id: 'u3' }, 'Mia Novak'), 'Open Mia Novak', null],
    ['a user with no name', sample({ type: 'user', id: 'u3' }, null), 'Open user u3', null],
  ] as const)('%s', (_, given, link, actor) => {
    expect(sampleLinkText(given)).toBe(link);
    expect(sampleActorText(given)).toBe(actor);
  });
});

describe('precisionWarning', () => {
  const stats = (precision: number | null) => ({ matches7d: 0, actions7d: 0, upheld: 0, overturned: 0, precision });
  it.each([
    [stats(0.5), 0.8, 'Precision 50% is below the target of 80%'],
    [stats(0.8), 0.8, null],
    [stats(0.9), 0.8, null],
    [stats(null), 0.8, null],
    [stats(0.1), null, null],
    [undefined, 0.8, null],
  ] as const)('%j against %s → %s', (given, target, warning) => {
    expect(precisionWarning(given, target)).toBe(warning);
  });
});

describe('precisionTargetOf', () => {
  it.each([
    ['80', { ok: true, target: 0.8 }],
    [' 0 ', { ok: true, target: 0 }],
    ['', { ok: true, target: null }],
    ['101', { ok: false, message: 'The target is a percentage from 0 to 100' }],
    ['-1', { ok: false, message: 'The target is a percentage from 0 to 100' }],
    ['abc', { ok: false, message: 'The target is a percentage from 0 to 100' }],
  ] as const)('%j → %j', (text, result) => {
    expect(precisionTargetOf(text)).toEqual(result);
  });
});
