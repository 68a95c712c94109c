// Delete a row after a confirm dialog, with the screen's success and failure toasts.
import { useState } from 'react';
import type { ApiResult } from '../../shared/contract/market-api.js';
import { toastError, toastSuccess } from '../app/toaster.js';
import { ConfirmDialog } from './ConfirmDialog.js';

export interface RowDeleteTexts {
  title: string;
  body: string;
  cancelText: string;
  confirmText: string;
  success: string;
  failure: string;
}

export function useRowDelete(
  texts: RowDeleteTexts,
  remove: (id: string) => Promise<ApiResult<unknown>>,
  onDeleted: (id: string) => void,
) {
  const [target, setTarget] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    let ok = false;
    try {
      ok = (await remove(target)).ok;
    } catch (error) {
      console.error('Error deleting', error);
    }
    setBusy(false);
    setTarget(undefined);
    if (!ok) return toastError(texts.failure);
    toastSuccess(texts.success);
    onDeleted(target);
  };

  const dialog = (
    <ConfirmDialog
      isOpen={target !== undefined}
      title={texts.title}
      body={texts.body}
      cancelText={texts.cancelText}
      confirmText={texts.confirmText}
      busy={busy}
      onCancel={() => setTarget(undefined)}
      onConfirm={() => void confirm()}
    />
  );
  return { askToDelete: setTarget, dialog };
}
