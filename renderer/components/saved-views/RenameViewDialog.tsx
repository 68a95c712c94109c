// 'Rename view': the admin who saved a view gives it another name (for everyone, when it is shared).
import { Button, Classes, Dialog, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { SavedView } from '../../../shared/contract/review-team.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../admin-action/index.js';
import { reloadSavedViews } from './saved-views-store.js';

export function RenameViewDialog({ view, onClose }: { view: SavedView | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const renaming = useAdminAction();
  useEffect(() => setName(view?.name ?? ''), [view?.id]);
  const rename = async (target: SavedView) => {
    const renamed = await renaming.run(
      () => market.admin.views.rename({ params: { id: target.id }, body: { name: name.trim() } }),
      { success: 'View renamed', failure: 'Failed to rename the view' },
    );
    if (!renamed) return;
    onClose();
    await reloadSavedViews();
  };
  const unchanged = !name.trim() || name.trim() === view?.name;
  return (
    <Dialog isOpen={view !== null} onClose={onClose} title="Rename view">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (view && !unchanged) void rename(view);
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <FormGroup
            label="Name"
            labelFor="view-rename"
            helperText={view?.shared ? 'Shared: the team sees the new name too.' : undefined}
          >
            <InputGroup id="view-rename" value={name} maxLength={120} onValueChange={setName} autoFocus />
          </FormGroup>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" intent="primary" loading={renaming.busy} disabled={unchanged}>
              Rename
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
