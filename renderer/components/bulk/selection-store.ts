// The one selection model of the admin tables: the rows a moderator picked for a bulk action
// (bulk delete on the moderation tables and ratings, bulk resolve on the review queues). Clicks
// toggle, a shift-click takes the range from the last click (row-selection.ts), "select all"
// takes every loaded or every matching row, and a new search or sort clears it.
import { createStore, type StoreApi } from 'zustand';
import type { ListStore } from '../../stores/list-store.js';
import { emptySelection, toggledSelection, type RowSelection } from './row-selection.js';

export interface SelectionState {
  picked: RowSelection;
  /** Every matching row's id ("select all N matching"): it stands for the whole search. */
  allMatching: readonly string[] | null;
  /** A click on a row's box; with shift, the range from the last click among `pageIds`. */
  click(id: string, pageIds: readonly string[], shiftKey: boolean): void;
  /** Picks (or unpicks) these rows, keeping the rest. */
  setAll(ids: readonly string[], on: boolean): void;
  selectAllMatching(ids: readonly string[]): void;
  clear(): void;
}

export type Selection = StoreApi<SelectionState>;

export function createSelection(): Selection {
  return createStore<SelectionState>()((set, get) => ({
    picked: emptySelection,
    allMatching: null,
    click(id, pageIds, shiftKey) {
      set({ picked: toggledSelection(get().picked, pageIds, id, shiftKey), allMatching: null });
    },
    setAll(ids, on) {
      const next = new Set(get().picked.ids);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      set({ picked: { ids: next, anchor: get().picked.anchor }, allMatching: null });
    },
    selectAllMatching(ids) {
      set({ allMatching: ids });
    },
    clear() {
      set({ picked: emptySelection, allMatching: null });
    },
  }));
}

/** The ids a bulk action takes: every matching row, or the picked ones. */
export function chosenIds(state: Pick<SelectionState, 'picked' | 'allMatching'>): string[] {
  return state.allMatching ? [...state.allMatching] : [...state.picked.ids];
}

/** Whether a row in view is in the selection (every row in view matches the search). */
export function isChosen(state: Pick<SelectionState, 'picked' | 'allMatching'>, id: string): boolean {
  return state.allMatching !== null || state.picked.ids.has(id);
}

/** A new search or sort is a new set of rows: the old selection no longer means anything. */
export function clearOnNewView<T extends { id: string }, K extends string>(
  selection: Selection,
  list: ListStore<T, K>,
): () => void {
  return list.subscribe((state, before) => {
    if (state.search !== before.search || state.sortBy !== before.sortBy || state.order !== before.order) {
      selection.getState().clear();
    }
  });
}
