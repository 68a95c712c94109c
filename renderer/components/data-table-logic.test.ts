import { describe, expect, it } from 'vitest';
import { tableHeightPx } from '../../shared/rules/constants.js';
import { ariaSortOf, newRowsLabel, rangeLabel } from './data-table-logic.js';

describe('data table', () => {
  it('is 75 px per row plus the header row', () => {
    expect(tableHeightPx(10)).toBe(825);
    expect(tableHeightPx(5)).toBe(450);
  });

  it.each([
    [1, 10, 10, 25, 'Rows 1–10 of 25'],
    [3, 10, 5, 25, 'Rows 21–25 of 25'],
    [1, 10, 0, 0, 'No rows'],
  ])('page %i of %i rows showing %i of %i reads %s', (page, perPage, shown, total, label) => {
    expect(rangeLabel(page, perPage, shown, total)).toBe(label);
  });

  it.each([
    [undefined, 'name', 'ASC', undefined],
    ['name', undefined, undefined, 'none'],
    ['name', 'email', 'ASC', 'none'],
    ['name', 'name', 'ASC', 'ascending'],
    ['name', 'name', 'DESC', 'descending'],
  ] as const)('column %s with sort %s %s has aria-sort %s', (column, sortBy, order, expected) => {
    expect(ariaSortOf(column, sortBy, order)).toBe(expected);
  });

  it('labels held-back live rows', () => {
    expect(newRowsLabel(3)).toBe('3 new');
  });
});
