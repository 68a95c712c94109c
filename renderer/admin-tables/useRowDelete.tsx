// Delete a row after a confirm dialog, with the table's success and failure toasts.
import { useConfirmedAction, wentThrough } from '../components/admin-action/index.js';
import type { RowDelete } from './admin-table.js';

/** The confirm's words unless the table names others. */
const CANNOT_BE_UNDONE = { body: 'This action cannot be undone', cancelText: 'Cancel', confirmText: 'Delete' };

/** A table without `remove` gets no dialog; `askToDelete` is then never offered. */
export function useRowDelete(remove: RowDelete | undefined, onDeleted: (id: string) => void) {
  const { ask, dialog } = useConfirmedAction<string>(
    { title: `Delete ${remove?.one ?? 'row'}?`, ...(remove?.confirm ?? CANNOT_BE_UNDONE) },
    async (removal, id) => {
      if (!remove) return;
      const done = await removal.run(() => wentThrough(remove.call(id)), {
        success: remove.success,
        failure: remove.failure,
      });
      if (done) onDeleted(id);
    },
  );
  return { askToDelete: ask, dialog: remove ? dialog : null };
}
