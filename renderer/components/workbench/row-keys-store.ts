// Who answers j and k. By default the workbench moves the focused row of the screen's table; a
// screen that walks its own records with them (the review queue opens the next and previous case)
// takes them over while it is shown. One owner, so one press does one thing, and the shortcuts
// list names what the keys do on this screen.
import { createStore, useStore } from 'zustand';

export interface RowKeysOwner {
  /** The shortcuts list's words for j and k here ('Next case'). */
  nextLabel: string;
  previousLabel: string;
  next(): void;
  previous(): void;
}

export const rowKeysStore = createStore<{ owner: RowKeysOwner | null }>()(() => ({ owner: null }));

export const useRowKeysOwner = () => useStore(rowKeysStore, (state) => state.owner);

/** Takes j and k over until the returned function gives them back. */
export function takeRowKeys(owner: RowKeysOwner): () => void {
  rowKeysStore.setState({ owner });
  return () => {
    if (rowKeysStore.getState().owner === owner) rowKeysStore.setState({ owner: null });
  };
}
