// A backtest's match counts once, under the most direct thing that later happened to it.
import { describe, expect, it } from 'vitest';
import type { BacktestOutcome } from '../../../../shared/contract/policy.js';
import { backtestOutcomeOf, type LaterFacts } from './backtest-outcome.js';

const nothing: LaterFacts = {
  bidVoided: false,
  appealGranted: false,
  enforced: false,
  refunded: false,
  caseDismissed: false,
};

describe('backtestOutcomeOf', () => {
  const cases: [string, Partial<LaterFacts>, BacktestOutcome][] = [
    ['nothing happened', {}, 'none'],
    ['the bid was voided', { bidVoided: true }, 'voided'],
    ['voided and the bidder enforced', { bidVoided: true, enforced: true }, 'voided'],
    ['the actor was enforced', { enforced: true }, 'enforced'],
    ['enforced, then the appeal granted', { enforced: true, appealGranted: true }, 'appealGranted'],
    ['the order was refunded', { refunded: true }, 'refunded'],
    ['refunded and a case dismissed', { refunded: true, caseDismissed: true }, 'refunded'],
    ['only a case dismissed', { caseDismissed: true }, 'caseDismissed'],
  ];
  it.each(cases)('%s → %s', (_, facts, outcome) => expect(backtestOutcomeOf({ ...nothing, ...facts })).toBe(outcome));
});
