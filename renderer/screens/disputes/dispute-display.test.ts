// The dispute panel's words and checks, as tables.
import { describe, expect, it } from 'vitest';
import { disputeReasonText, NOTE_MAX, noteProblem, submitRefusal } from './dispute-display.js';

describe('submitRefusal', () => {
  it.each([
    ['needs_response', null, null],
    ['warning_needs_response', null, null],
    ['under_review', null, null],
    ['needs_response', '2026-11-02T12:00:00.000Z', 'The evidence was sent.'],
    ['won', null, 'The dispute is closed: no evidence can be sent.'],
    ['lost', null, 'The dispute is closed: no evidence can be sent.'],
    ['warning_closed', null, 'The dispute is closed: no evidence can be sent.'],
  ] as const)('%s, sent %s → %s', (status, submittedAt, expected) => {
    expect(submitRefusal({ status, submittedAt })).toBe(expected);
  });
});

describe('noteProblem', () => {
  it.each([
    ['Delivered, signed for.', null],
    ['', 'Write a note for the bank: what the evidence shows.'],
    ['   ', 'Write a note for the bank: what the evidence shows.'],
    ['x'.repeat(NOTE_MAX), null],
    ['x'.repeat(NOTE_MAX + 1), `The note is too long (at most ${NOTE_MAX} characters).`],
  ])('%j → %s', (note, expected) => {
    expect(noteProblem(note)).toBe(expected);
  });
});

it('words a reason code', () => {
  expect(disputeReasonText('product_not_received')).toBe('product not received');
  expect(disputeReasonText('fraudulent')).toBe('fraudulent');
});
