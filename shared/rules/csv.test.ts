import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDollars, csvField, csvLine } from './csv.js';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-5 off', "'-5 off"],
    ['@user', "'@user"],
    ['', ''],
  ])('%j is written %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('writes numbers, booleans and missing values plainly', () => {
    expect(csvLine([3, true, null, undefined, 0])).toBe('3,true,,,0\r\n');
  });

  it('reads back as the same fields in a CSV parser', () => {
    const values = ['Ann, "the" seller', 'line\r\nbreak', 'ünïcødé', '12.50'];
    expect(parse(csvLine(values) + csvLine(['x', 'y', 'z', 'w']))).toEqual([values, ['x', 'y', 'z', 'w']]);
  });

  it.each([
    [12.5, '12.50'],
    [0, '0.00'],
    [1234.56, '1234.56'],
    [null, ''],
  ])('%s dollars are written %s', (amount, text) => {
    expect(csvDollars(amount)).toBe(text);
  });
});
