// The table's search box: what the moderator types, handed to the store once they pause.
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { SEARCH_DEBOUNCE_MS } from '../search-debounce.js';
import type { ListStore } from '../../stores/list-store.js';

/** The box's text (starting from the store's search) and its setter; the store searches after a pause. */
export function useTableSearch<T extends { id: string }, K extends string>(
  store: ListStore<T, K>,
): [string, (term: string) => void] {
  const storedSearch = useStore(store, (s) => s.search);
  const [search, setSearch] = useState(storedSearch);
  // A search set on the store (a saved view opened) shows in the box.
  useEffect(() => setSearch(storedSearch), [storedSearch]);

  useEffect(() => {
    if (search === store.getState().search) return;
    const timer = setTimeout(() => void store.getState().setSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, store]);

  return [search, setSearch];
}
