import { describe, expect, it } from 'vitest';
import { createListStore } from '../../stores/list-store.js';
import { chosenIds, clearOnNewView, createSelection, isChosen } from './selection-store.js';

const page = ['a', 'b', 'c', 'd'];

describe('the selection model of bulk delete and bulk resolve', () => {
  it('clicks pick rows; shift takes the range from the last click', () => {
    const selection = createSelection();
    selection.getState().click('a', page, false);
    selection.getState().click('c', page, true);
    expect(chosenIds(selection.getState()).sort()).toEqual(['a', 'b', 'c']);
  });

  it('"select all loaded" adds to the picked rows; "select all matching" stands for the whole search', () => {
    const selection = createSelection();
    selection.getState().click('a', page, false);
    selection.getState().setAll(['c', 'd'], true);
    expect(chosenIds(selection.getState()).sort()).toEqual(['a', 'c', 'd']);
    selection.getState().selectAllMatching(['a', 'b', 'c', 'd', 'e']);
    expect(chosenIds(selection.getState())).toHaveLength(5);
    expect(isChosen(selection.getState(), 'b')).toBe(true);
    // A click after "all matching" starts from the picked rows again.
    selection.getState().click('b', page, false);
    expect(chosenIds(selection.getState()).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a new search or sort clears it; a new page does not', async () => {
    const list = createListStore<{ id: string }, 'createdAt'>(async () => ({
      ok: true,
      data: { count: 0, items: [] },
    }));
    const selection = createSelection();
    const stop = clearOnNewView(selection, list);
    selection.getState().click('a', page, false);
    list.setState({ page: 2 });
    expect(chosenIds(selection.getState())).toEqual(['a']);
    await list.getState().setSearch('x');
    expect(chosenIds(selection.getState())).toEqual([]);
    stop();
  });
});
