// The actions of the record whose drawer is open, for the command palette and the drawer's keys:
// the drawer registers them while it is open.
import { createStore, useStore } from 'zustand';

export interface RecordAction {
  id: string;
  label: string;
  /** The single key that runs it while the drawer is open (shown in the shortcuts list). */
  key: string;
  run(): void;
}

export const recordActionsStore = createStore<{ title: string | null; actions: RecordAction[] }>()(() => ({
  title: null,
  actions: [],
}));

export const useRecordActions = () => useStore(recordActionsStore);
