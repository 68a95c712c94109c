import { describe, expect, it } from 'vitest';
import { tableHeightPx } from './table-size.js';
import {
  ariaSortOf,
  baseColumnWidth,
  columnWidthsFor,
  fittedRowHeight,
  newRowsLabel,
  nextControl,
  nextFocusedRow,
  rangeLabel,
  tableScrolledPast,
} from './data-table-logic.js';

describe('data table', () => {
  it('is 75 px per row plus the header row', () => {
    expect(tableHeightPx(10)).toBe(825);
    expect(tableHeightPx(5)).toBe(450);
  });

  it.each([
    [1, 10, 10, 25, 'Rows 1–10 of 25'],
    [3, 10, 5, 25, 'Rows 21–25 of 25'],
    [1, 10, 0, 0, 'No rows'],
    [1, 10, 10, 1234, 'Rows 1–10 of 1,234'],
    [124, 10, 4, 1234, 'Rows 1,231–1,234 of 1,234'],
  ])('page %i of %i rows showing %i of %i reads %s', (page, perPage, shown, total, label) => {
    expect(rangeLabel(page, perPage, shown, total)).toBe(label);
  });

  it('says 100+ or 1,000+ when the server capped its count', () => {
    expect(rangeLabel(1, 10, 10, 100, true)).toBe('Rows 1–10 of 100+');
    expect(rangeLabel(12, 10, 10, 100, true)).toBe('Rows 111–120 of 100+');
    expect(rangeLabel(1, 10, 10, 1_000, true)).toBe('Rows 1–10 of 1,000+');
  });

  it.each([
    // The spec's 825 px box less its 2 px border and a 30 px header: ten 79 px rows.
    [823, 30, 10, 79],
    // With a sideways scrollbar the rows shrink instead of spilling under it.
    [808, 30, 10, 77],
    [0, 30, 10, 32],
    [200, 30, 10, 32],
  ])('a %i px box with a %i px header fits %i rows of %i px', (inner, header, rows, height) => {
    expect(fittedRowHeight(inner, header, rows)).toBe(height);
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

  it.each([
    [120, 0, false],
    [-4, 0, false],
    [-5, 0, true],
    [-300, 40, true],
    [60, 40, false],
  ])('table top at %i, view top at %i: scrolled past is %s', (tableTop, viewTop, past) => {
    expect(tableScrolledPast(tableTop, viewTop)).toBe(past);
  });
});

describe('column widths', () => {
  it.each([
    [{ width: 64, natural: 300 }, 64],
    [{ className: 'wrap', natural: 900 }, 240],
    [{ natural: 0 }, 72],
    [{ natural: 131.2 }, 132],
    [{ natural: 1000 }, 320],
  ])('a column %o starts %i px wide', (column, width) => {
    expect(baseColumnWidth(column)).toBe(width);
  });

  it('shares spare width among flexible columns, a double share for long text, and fills the box', () => {
    const widths = columnWidthsFor([{ width: 64 }, { natural: 100 }, { className: 'wrap' }], 704);
    expect(widths).toEqual([64, 100 + 100, 240 + 200]);
    expect(widths.reduce((a, b) => a + b)).toBe(704);
  });

  it('keeps the base widths when the box is narrower (the table scrolls sideways)', () => {
    expect(columnWidthsFor([{ natural: 200 }, { natural: 200 }], 300)).toEqual([200, 200]);
  });
});

describe('row focus keys', () => {
  it.each([
    [0, 'ArrowDown', 1],
    [9, 'ArrowDown', 9],
    [0, 'ArrowUp', 0],
    [5, 'Home', 0],
    [5, 'PageUp', 0],
    [5, 'End', 9],
    [5, 'PageDown', 9],
    [5, 'Enter', undefined],
  ] as const)('from row %i, %s focuses row %s of 10', (at, key, expected) => {
    expect(nextFocusedRow(at, key, 10)).toBe(expected);
  });

  it('has nowhere to go in an empty grid', () => {
    expect(nextFocusedRow(0, 'ArrowDown', 0)).toBeUndefined();
  });
});

describe("the keys among a row's controls", () => {
  it.each([
    // at, key, controls → where the focus goes
    ['row', 'ArrowRight', 3, 0],
    ['row', 'ArrowRight', 0, undefined],
    ['row', 'ArrowLeft', 3, undefined],
    ['row', 'Enter', 3, undefined],
    [0, 'ArrowRight', 3, 1],
    [2, 'ArrowRight', 3, 2],
    [1, 'ArrowLeft', 3, 0],
    [0, 'ArrowLeft', 3, 'row'],
    [2, 'Home', 3, 0],
    [0, 'End', 3, 2],
    [1, 'Escape', 3, 'row'],
    [1, 'Enter', 3, undefined],
    [1, ' ', 3, undefined],
    [1, 'ArrowDown', 3, undefined],
  ] as const)('from %s, %s among %i controls → %s', (at, key, controls, move) => {
    expect(nextControl(at, key, controls)).toBe(move);
  });
});
