import { describe, expect, it } from 'vitest';
import { countOf, formatDateTime, initialsOf, moneyOrNA, orNoData } from './format.js';

describe('formatting', () => {
  it.each([
    [0, '0 blocks'],
    [1, '1 block'],
    [2, '2 blocks'],
    [12345, '12,345 blocks'],
  ])('a count of %s reads %s', (count, text) => {
    expect(countOf(count, { one: 'block', many: 'blocks' })).toBe(text);
  });
  it('writes a date or a dash', () => {
    expect(formatDateTime('2026-01-05T10:00:00.000Z')).toMatch(/^Jan 5, 2026, /);
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
  it.each([
    [12.5, '$12.50'],
    [0, '$0.00'],
    [null, 'N/A'],
  ])('money %s reads %s', (amount, text) => {
    expect(moneyOrNA(amount)).toBe(text);
  });
  it.each([
    ['', 'No data'],
    [null, 'No data'],
    [0, '0'],
    ['acct_1', 'acct_1'],
  ])('read-only row %j reads %s', (value, text) => {
    expect(orNoData(value)).toBe(text);
  });
  it('takes initials from a name', () => {
    expect(initialsOf('jane doe')).toBe('JD');
    expect(initialsOf(null)).toBe('?');
  });
});
