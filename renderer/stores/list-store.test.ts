import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../shared/contract/market-api.js';
import type { ListResponse } from '../../shared/contract/entities.js';
import {
  createListStore,
  hasNextPage,
  LIVE_ROWS_KEPT,
  nextSort,
  pageCount,
  rowsOfPage,
  withRowsArrived,
  type ListRequest,
} from './list-store.js';

type Row = { id: string; name: string };
const rows = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}` }));

/** A server of `total` rows answering pages of the requested limit (its count capped at `cap`). */
function fakeServer(total: number, cap = Infinity) {
  const all = rows(1, total);
  const counted = total > cap ? { count: cap, countCapped: true } : { count: total };
  const calls: ListRequest<'name' | 'createdAt'>[] = [];
  const fetchPage = vi.fn(async (query: ListRequest<'name' | 'createdAt'>): Promise<ApiResult<ListResponse<Row>>> => {
    calls.push(query);
    const start = (query.page - 1) * query.limit;
    return { ok: true, data: { ...counted, items: all.slice(start, start + query.limit) } };
  });
  return { fetchPage, calls };
}

describe('nextSort', () => {
  it.each([
    [{}, 'name', { sortBy: 'name', order: 'ASC' }],
    [{ sortBy: 'name', order: 'ASC' }, 'name', { sortBy: 'name', order: 'DESC' }],
    [{ sortBy: 'name', order: 'DESC' }, 'name', {}],
    [{ sortBy: 'createdAt', order: 'DESC' }, 'name', { sortBy: 'name', order: 'ASC' }],
  ] as const)('from %o clicking %s gives %o', (current, key, expected) => {
    expect(nextSort(current, key)).toEqual(expected);
  });
});

describe('paging helpers', () => {
  it('slices 10 rows a page and counts at least one page', () => {
    expect(rowsOfPage(rows(1, 25), 3).map((r) => r.id)).toEqual(['r21', 'r22', 'r23', 'r24', 'r25']);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(21)).toBe(3);
  });
});

describe('list store', () => {
  it('page 1 replaces the rows and later pages append', async () => {
    const server = fakeServer(25);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    expect(store.getState().items.map((r) => r.id)).toEqual(rows(1, 10).map((r) => r.id));
    await store.getState().nextPage();
    expect(store.getState()).toMatchObject({ page: 2, total: 25 });
    expect(store.getState().items).toHaveLength(20);
    await store.getState().load(1);
    expect(store.getState().items).toHaveLength(10);
  });

  it('previous goes back without refetching and next reuses loaded pages', async () => {
    const server = fakeServer(25);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    await store.getState().nextPage();
    store.getState().previousPage();
    await store.getState().nextPage();
    expect(store.getState().page).toBe(2);
    expect(server.calls).toHaveLength(2);
  });

  it('does not go past the last page', async () => {
    const server = fakeServer(10);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    await store.getState().nextPage();
    expect(store.getState().page).toBe(1);
    expect(server.calls).toHaveLength(1);
  });

  it('goes past a capped count while the pages are full, and stops at the first short one, counted', async () => {
    const server = fakeServer(35, 20);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    for (let i = 0; i < 5; i++) await store.getState().nextPage();
    // The short page is the end: every match is loaded, and the count is exact.
    expect(store.getState()).toMatchObject({ page: 4, total: 35, countCapped: false });
    expect(rowsOfPage(store.getState().items, 4).map((r) => r.id)).toEqual(rows(31, 35).map((r) => r.id));
    expect(server.calls.map((call) => call.page)).toEqual([1, 2, 3, 4]);
  });

  it('past a capped count, an exactly full last page ends at the empty one after it: Next is over', async () => {
    const server = fakeServer(40, 20);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    for (let i = 0; i < 3; i++) await store.getState().nextPage();
    expect(store.getState()).toMatchObject({ page: 4, total: 20, countCapped: true });
    await store.getState().nextPage();
    const { page, items, total, countCapped } = store.getState();
    expect({ page, total, countCapped }).toEqual({ page: 4, total: 40, countCapped: false });
    expect(hasNextPage(page, 10, rowsOfPage(items, page).length, total, countCapped)).toBe(false);
    await store.getState().nextPage();
    expect(server.calls.map((call) => call.page)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a search change asks for page 1 with limit 10 and the trimmed term', async () => {
    const server = fakeServer(25);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    await store.getState().nextPage();
    await store.getState().setSearch(' bob ');
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 10, search: 'bob' });
    expect(store.getState().page).toBe(1);
  });

  it('an empty search term is left out of the query', async () => {
    const server = fakeServer(5);
    const store = createListStore(server.fetchPage);
    await store.getState().setSearch('x');
    await store.getState().setSearch('');
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 10 });
  });

  it('sorting cycles and refetches page 1 with sortBy and order', async () => {
    const server = fakeServer(25);
    const store = createListStore(server.fetchPage);
    await store.getState().cycleSort('name');
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'name', order: 'ASC' });
    await store.getState().cycleSort('name');
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 10, sortBy: 'name', order: 'DESC' });
    await store.getState().cycleSort('name');
    expect(server.calls.at(-1)).toEqual({ page: 1, limit: 10 });
  });

  it('local removal drops the row and decrements the total', async () => {
    const store = createListStore(fakeServer(25).fetchPage);
    await store.getState().load(1);
    store.getState().removeLocal('r3');
    expect(store.getState().items.map((r) => r.id)).not.toContain('r3');
    expect(store.getState().total).toBe(24);
    store.getState().removeLocal('unknown');
    expect(store.getState().total).toBe(24);
  });

  it('a live row at the top is inserted first and counted', async () => {
    const store = createListStore(fakeServer(25).fetchPage);
    await store.getState().load(1);
    store.getState().receiveLive({ id: 'new', name: 'New' }, true);
    expect(store.getState().items[0]?.id).toBe('new');
    expect(store.getState().total).toBe(26);
  });

  it('a live row away from the top waits in pending until shown', async () => {
    const store = createListStore(fakeServer(25).fetchPage);
    await store.getState().load(1);
    await store.getState().nextPage();
    store.getState().receiveLive({ id: 'new', name: 'New' }, false);
    expect(store.getState().items[0]?.id).toBe('r1');
    expect(store.getState().pending).toHaveLength(1);
    expect(store.getState().page).toBe(2);
    store.getState().showPending();
    expect(store.getState()).toMatchObject({ page: 1, total: 26, pending: [] });
    expect(store.getState().items[0]?.id).toBe('new');
  });

  it('a flood of live rows keeps at most LIVE_ROWS_KEPT of them, and counts every one', async () => {
    const server = fakeServer(25);
    const store = createListStore(server.fetchPage);
    await store.getState().load(1);
    const flood = (prefix: string, atTop: boolean) => {
      for (let i = 0; i < 3 * LIVE_ROWS_KEPT; i++)
        store.getState().receiveLive({ id: `${prefix}${i}`, name: 'Live' }, atTop);
    };
    flood('top', true);
    expect(store.getState().items).toHaveLength(LIVE_ROWS_KEPT);
    expect(store.getState().items[0]?.id).toBe(`top${3 * LIVE_ROWS_KEPT - 1}`);
    expect(store.getState().total).toBe(25 + 3 * LIVE_ROWS_KEPT);

    flood('away', false);
    expect(store.getState().pending).toHaveLength(LIVE_ROWS_KEPT);
    expect(store.getState().pendingCount).toBe(3 * LIVE_ROWS_KEPT);
    // More came than were kept: "N new" reloads page 1 from the server.
    const calls = server.calls.length;
    store.getState().showPending();
    expect(server.calls.length).toBe(calls + 1);
    expect(store.getState()).toMatchObject({ page: 1, pending: [], pendingCount: 0 });
  });

  it('a live update of a known row replaces it in place', async () => {
    const store = createListStore(fakeServer(25).fetchPage);
    await store.getState().load(1);
    store.getState().receiveLive({ id: 'r5', name: 'Renamed' }, true);
    expect(store.getState().items[4]).toEqual({ id: 'r5', name: 'Renamed' });
    expect(store.getState().total).toBe(25);
  });

  it('a removal pushed by the server also drops a pending row', async () => {
    const store = createListStore(fakeServer(25).fetchPage);
    await store.getState().load(1);
    store.getState().receiveLive({ id: 'new', name: 'New' }, false);
    store.getState().removeLocal('new');
    expect(store.getState().pending).toEqual([]);
    expect(store.getState().total).toBe(25);
  });

  it('ignores an answer that a newer request overtook', async () => {
    const answers: ((value: ApiResult<ListResponse<Row>>) => void)[] = [];
    const store = createListStore<Row, 'name'>(() => new Promise((resolve) => answers.push(resolve)));
    const first = store.getState().setSearch('a');
    const second = store.getState().setSearch('ab');
    answers[1]!({ ok: true, data: { count: 1, items: [{ id: 'ab', name: 'ab' }] } });
    answers[0]!({ ok: true, data: { count: 1, items: [{ id: 'a', name: 'a' }] } });
    await Promise.all([first, second]);
    expect(store.getState().items.map((r) => r.id)).toEqual(['ab']);
  });

  it('a newer search aborts the request before it, and only the newest writes', async () => {
    const signals: AbortSignal[] = [];
    const answers: ((value: ApiResult<ListResponse<Row>>) => void)[] = [];
    const store = createListStore<Row, 'name'>((_query, signal) => {
      signals.push(signal!);
      return new Promise((resolve) => answers.push(resolve));
    });
    const typed = ['a', 'an', 'ann'].map((term) => store.getState().setSearch(term));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true, false]);
    answers[0]!({ ok: false, error: { status: 0, code: 'aborted', message: 'The request was aborted.' } });
    answers[1]!({ ok: false, error: { status: 0, code: 'aborted', message: 'The request was aborted.' } });
    answers[2]!({ ok: true, data: { count: 1, items: [{ id: 'ann', name: 'ann' }] } });
    await Promise.all(typed);
    expect(store.getState()).toMatchObject({ failed: false, tooBroad: false, total: 1 });
    expect(store.getState().items.map((r) => r.id)).toEqual(['ann']);
  });

  it('a search the API found too broad shows no rows and says so', async () => {
    let answer: ApiResult<ListResponse<Row>> = { ok: true, data: { count: 1, items: [{ id: 'x', name: 'x' }] } };
    const store = createListStore<Row, 'name'>(async () => answer);
    await store.getState().load(1);
    answer = {
      ok: false,
      error: { status: 422, code: 'searchTooBroad', message: 'Search too broad — add more letters' },
    };
    await store.getState().setSearch('e');
    expect(store.getState()).toMatchObject({ failed: true, tooBroad: true, items: [], total: 0 });
  });
});

describe('hasNextPage', () => {
  it.each([
    // page, rows per page, rows shown, count, capped, a next page?
    [1, 10, 10, 25, false, true],
    [3, 10, 5, 25, false, false],
    [2, 10, 10, 20, false, false],
    [1, 10, 0, 0, false, false],
    // Capped: the matches go on past the count while the page shown is full.
    [10, 10, 10, 100, true, true],
    [11, 10, 10, 100, true, true],
    [12, 10, 4, 100, true, false],
    [1, 10, 0, 100, true, false],
  ])('page %i of %i rows showing %i of %i (capped %s): next page %s', (page, perPage, shown, total, capped, next) => {
    expect(hasNextPage(page, perPage, shown, total, capped)).toBe(next);
  });
});

describe('withRowsArrived', () => {
  const a = { id: 'a', name: 'A' };
  const b = { id: 'b', name: 'B' };
  const c = { id: 'c', name: 'C' };
  it.each([
    ['nothing arrived', [a, b], 2, [], [a, b], 2],
    ['a new row goes on top and counts', [a, b], 2, [c], [c, a, b], 3],
    ['two new rows: the newest on top', [a], 1, [b, c], [c, b, a], 3],
    [
      'a row the answer has takes its newer version, in place',
      [a, b],
      2,
      [{ id: 'b', name: 'B2' }],
      [a, { id: 'b', name: 'B2' }],
      2,
    ],
    ['one row twice: once, its last version', [a], 1, [c, { id: 'c', name: 'C2' }], [{ id: 'c', name: 'C2' }, a], 2],
  ] as const)('%s', (_, answer, count, arrived, items, total) => {
    expect(withRowsArrived(answer, count, arrived)).toEqual({ items, total });
  });
});

describe('a live row during the first page load', () => {
  it('is kept when the answer, read before it was logged, comes back after it', async () => {
    let answer: (value: ApiResult<ListResponse<Row>>) => void = () => {};
    const fetchPage = vi.fn(() => new Promise<ApiResult<ListResponse<Row>>>((resolve) => (answer = resolve)));
    const store = createListStore<Row, 'name'>(fetchPage);
    const loading = store.getState().load(1);
    store.getState().receiveLive({ id: 'live', name: 'Live' }, true);
    answer({ ok: true, data: { items: rows(1, 2), count: 2 } });
    await loading;
    expect(store.getState().items.map((row) => row.id)).toEqual(['live', 'r1', 'r2']);
    expect(store.getState().total).toBe(3);
  });
});
