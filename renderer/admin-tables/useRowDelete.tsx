// Delete a row after a confirm dialog, with the table's success and failure toasts.
import { useState } from 'react';
import { useAdminAction, wentThrough } from '../components/admin-action/index.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import type { RowDelete } from './admin-table.js';

/** The confirm's words unless the table names others. */
const CANNOT_BE_UNDONE = { body: 'This action cannot be undone', cancelText: 'Cancel', confirmText: 'Delete' };

/** A table without `remove` gets no dialog; `askToDelete` is then never offered. */
export function useRowDelete(remove: RowDelete | undefined, onDeleted: (id: string) => void) {
  const [target, setTarget] = useState<string | undefined>();
  const removal = useAdminAction();
  if (!remove) return { askToDelete: setTarget, dialog: null };

  const confirm = async () => {
    if (!target) return;
    const done = await removal.run(() => wentThrough(remove.call(target)), {
      success: remove.success,
      failure: remove.failure,
    });
    setTarget(undefined);
    if (done) onDeleted(target);
  };

  const words = remove.confirm ?? CANNOT_BE_UNDONE;
  const dialog = (
    <ConfirmDialog
      isOpen={target !== undefined}
      title={`Delete ${remove.one}?`}
      body={words.body}
      cancelText={words.cancelText}
      confirmText={words.confirmText}
      busy={removal.busy}
      onCancel={() => setTarget(undefined)}
      onConfirm={() => void confirm()}
    />
  );
  return { askToDelete: setTarget, dialog };
}
