import { describe, expect, it } from 'vitest';
import type { Macro } from '../../../shared/contract/review-team.js';
import { createBodyOf, draftOf, EMPTY_MACRO, updateBodyOf } from './macro-draft.js';

const macro: Macro = {
  id: 'm1',
  title: 'Spam',
  outcome: 'contentRemoved',
  note: 'Spam removed',
  userMessage: 'Please do not spam',
  enforcement: { action: 'suspend', until: '2026-12-01T00:00:00.000Z' },
};

describe('macro draft', () => {
  it('adds a macro with what was typed, trimmed, leaving out an empty message and no enforcement', () => {
    expect(createBodyOf({ ...EMPTY_MACRO, title: ' Warn ', note: ' first ' })).toEqual({
      title: 'Warn',
      outcome: 'userWarned',
      note: 'first',
    });
  });

  it.each([
    ['nothing changed', {}, {}],
    ['a new title', { title: 'Spam ring' }, { title: 'Spam ring' }],
    ['a new outcome and note', { outcome: 'dismissed', note: 'ok' }, { outcome: 'dismissed', note: 'ok' }],
    ['the message cleared', { message: '  ' }, { userMessage: null }],
    ['the message changed', { message: 'Stop' }, { userMessage: 'Stop' }],
    ['the enforcement removed', { enforcement: '' }, { enforcement: null }],
    ['another enforcement', { enforcement: 'warn' }, { enforcement: { action: 'warn' } }],
    // The same enforcement keeps its end date: it is not sent.
    ['the same enforcement', { enforcement: 'suspend' }, {}],
  ] as const)('an edit with %s sends %o', (_, change, body) => {
    expect(updateBodyOf(macro, { ...draftOf(macro), ...change })).toEqual(body);
  });
});
