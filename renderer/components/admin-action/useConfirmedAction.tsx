// An admin action behind a confirm dialog ('Delete user?', 'Cancel order?', a row's Delete): `ask`
// opens the dialog for a target, Confirm runs the action (busy in the dialog), then it closes.
import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '../ConfirmDialog.js';
import { useAdminAction, type AdminAction } from './useAdminAction.js';

export type ConfirmWords = Pick<ConfirmDialogProps, 'title' | 'body' | 'cancelText' | 'confirmText'>;

export function useConfirmedAction<Target>(
  words: ConfirmWords,
  act: (action: AdminAction, target: Target) => Promise<void>,
) {
  const [target, setTarget] = useState<{ value: Target } | undefined>();
  const action = useAdminAction();
  const dialog = (
    <ConfirmDialog
      isOpen={target !== undefined}
      {...words}
      busy={action.busy}
      onCancel={() => setTarget(undefined)}
      onConfirm={() => {
        if (!target) return;
        void act(action, target.value).finally(() => setTarget(undefined));
      }}
    />
  );
  return { ask: (value: Target) => setTarget({ value }), dialog };
}
