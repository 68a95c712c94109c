// Delete a row after a confirm dialog, with the screen's success and failure toasts.
import { useState } from 'react';
import type { ApiResult } from '../../shared/contract/market-api.js';
import { useAdminAction, wentThrough } from './admin-action/index.js';
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
  const removal = useAdminAction();

  const confirm = async () => {
    if (!target) return;
    const done = await removal.run(() => wentThrough(remove(target)), {
      success: texts.success,
      failure: texts.failure,
    });
    setTarget(undefined);
    if (done) onDeleted(target);
  };

  const dialog = (
    <ConfirmDialog
      isOpen={target !== undefined}
      title={texts.title}
      body={texts.body}
      cancelText={texts.cancelText}
      confirmText={texts.confirmText}
      busy={removal.busy}
      onCancel={() => setTarget(undefined)}
      onConfirm={() => void confirm()}
    />
  );
  return { askToDelete: setTarget, dialog };
}
