// 'Save view': the table's current search, sort and filters under a name, private or shared with
// the team. Any admin table and the review queue show it above the table.
import { Button, Checkbox, Classes, Dialog, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { ViewListName, ViewQuery } from '../../../shared/contract/review-team.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../admin-action/index.js';
import { reloadSavedViews } from './saved-views-store.js';

export function SaveViewButton({ list, current }: { list: ViewListName; current: () => ViewQuery }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const saving = useAdminAction();
  const save = async () => {
    const saved = await saving.run(
      () => market.admin.views.create({ body: { list, name: name.trim(), query: current(), shared } }),
      { success: 'View saved', failure: 'Failed to save the view' },
    );
    if (!saved) return;
    setOpen(false);
    setName('');
    await reloadSavedViews();
  };
  return (
    <>
      <Button icon="bookmark" size="small" onClick={() => setOpen(true)}>
        Save view
      </Button>
      <Dialog isOpen={open} onClose={() => setOpen(false)} title="Save view">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void save();
          }}
        >
          <div className={Classes.DIALOG_BODY}>
            <FormGroup label="Name" labelFor="view-name">
              <InputGroup id="view-name" value={name} maxLength={120} onValueChange={setName} autoFocus />
            </FormGroup>
            <Checkbox checked={shared} label="Share with the team" onChange={() => setShared(!shared)} />
          </div>
          <div className={Classes.DIALOG_FOOTER}>
            <div className={Classes.DIALOG_FOOTER_ACTIONS}>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" intent="primary" loading={saving.busy} disabled={!name.trim()}>
                Save
              </Button>
            </div>
          </div>
        </form>
      </Dialog>
    </>
  );
}
