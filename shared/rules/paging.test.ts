import { describe, expect, it } from 'vitest';
import { pageCount, rowsBefore, rowsOfPage } from './paging.js';

describe('paging', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  it.each([
    { page: 1, limit: 5, before: 0, shown: [0, 1, 2, 3, 4] },
    { page: 3, limit: 5, before: 10, shown: [10, 11] },
    { page: 4, limit: 5, before: 15, shown: [] },
    { page: 2, limit: 10, before: 10, shown: [10, 11] },
  ])('page $page of $limit rows: $before rows before it', ({ page, limit, before, shown }) => {
    expect(rowsBefore({ page, limit })).toBe(before);
    expect(rowsOfPage(rows, { page, limit })).toEqual(shown);
  });
  it.each([
    { total: 0, limit: 10, pages: 1 },
    { total: 10, limit: 10, pages: 1 },
    { total: 11, limit: 10, pages: 2 },
    { total: 12, limit: 5, pages: 3 },
  ])('$total rows of $limit a page fill $pages pages', ({ total, limit, pages }) => {
    expect(pageCount(total, limit)).toBe(pages);
  });
});
