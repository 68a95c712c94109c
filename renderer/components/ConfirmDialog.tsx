// The confirm dialogs ('Delete user?', 'Delete listing?', 'Cancel order?' …).
// Blueprint returns focus to the element that opened the dialog when it closes.
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  body: string;
  cancelText: string;
  confirmText: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({
  isOpen,
  title,
  body,
  cancelText,
  confirmText,
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={onCancel}
      role="alertdialog"
      className="confirm-dialog"
      canOutsideClickClose={!busy}
    >
      <DialogBody>
        <p>{body}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel} disabled={busy} autoFocus>
              {cancelText}
            </Button>
            <Button intent="danger" onClick={onConfirm} loading={busy}>
              {confirmText}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
