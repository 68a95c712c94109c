// The "N new" button, a component of its own subscribed to the held-back count alone: under a
// flood of live rows only this button re-renders, not the whole table.
import { Button } from '@blueprintjs/core';
import { useStore } from 'zustand';
import type { ListStore } from '../../stores/list-store.js';
import { newRowsLabel } from './data-table-logic.js';

export function NewRowsButton<T extends { id: string }, K extends string>({
  store,
  onClick,
}: {
  store: ListStore<T, K>;
  onClick: () => void;
}) {
  const count = useStore(store, (s) => s.pendingCount);
  if (count === 0) return null;
  return (
    <Button size="small" intent="primary" icon="arrow-up" onClick={onClick}>
      {newRowsLabel(count)}
    </Button>
  );
}
