// 'Edit user' in the user drawer: the fields PATCH /admin/users/{id} accepts (username, email,
// seller fee, seller right, featured) changed together and saved as one request, so a support
// agent correcting an account does it in one step and one audit entry. Only the changed fields
// are sent (user-edit.ts); a name or email another user has is the server's 409, shown in the toast.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { AdminUser } from '../../../shared/contract/entities.js';
import { SELLER_FEE_CHOICES } from '../../../shared/rules/seller-fees.js';
import { hasPayoutAccount } from '../../../shared/rules/seller-status.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { userEditDraftOf, userPatchOf, type UserEditDraft } from './user-edit.js';

export function UserEditDialog({
  user,
  isOpen,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  isOpen: boolean;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}) {
  const [draft, setDraft] = useState<UserEditDraft>(() => userEditDraftOf(user));
  const saving = useAdminAction();
  // Each opening starts from the user as the drawer shows them now.
  useEffect(() => {
    if (isOpen) setDraft(userEditDraftOf(user));
  }, [isOpen, user]);
  const set = (changes: Partial<UserEditDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const patch = userPatchOf(user, draft);
  // The seller's fee and right mean something only once they can be paid (as in the drawer).
  const seller = hasPayoutAccount(user);

  const save = async () => {
    if (!patch) return;
    const saved = await saving.run(() => market.admin.users.update({ params: { id: user.id }, body: patch }), {
      success: 'User updated successfully',
      failure: 'Failed to update user',
    });
    if (!saved) return;
    onSaved(saved);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} title="Edit user" icon="edit" onClose={onClose} canOutsideClickClose={!saving.busy}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          <FormGroup label="Username" labelFor="edit-user-username">
            <InputGroup
              id="edit-user-username"
              value={draft.userName}
              onValueChange={(userName) => set({ userName })}
              autoFocus
            />
          </FormGroup>
          <FormGroup label="Email" labelFor="edit-user-email">
            <InputGroup
              id="edit-user-email"
              type="email"
              value={draft.email}
              onValueChange={(email) => set({ email })}
            />
          </FormGroup>
          {seller && (
            <FormGroup label="Seller Fee" labelFor="edit-user-seller-fee">
              <HTMLSelect
                id="edit-user-seller-fee"
                value={draft.sellerFee}
                onChange={(event) => set({ sellerFee: Number(event.currentTarget.value) })}
                options={SELLER_FEE_CHOICES.map((n) => ({ value: n, label: `${n}%` }))}
              />
            </FormGroup>
          )}
          {seller && (
            <Switch
              label="Seller enabled"
              checked={draft.sellerEnabled}
              onChange={(event) => set({ sellerEnabled: event.currentTarget.checked })}
            />
          )}
          <Switch
            label="Featured"
            checked={draft.featured}
            onChange={(event) => set({ featured: event.currentTarget.checked })}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={saving.busy}>
                Cancel
              </Button>
              <Button type="submit" intent="primary" disabled={!patch} loading={saving.busy}>
                Save
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
