// Named lists (the Lists tab of the Rules screen): the words and domains rules read as
// `lists.<name>`. Create one, edit its items (one a line), delete it (the server refuses while a
// rule reads it, and says which). Every refusal shows in the dialog and in a toast.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  TextArea,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { PolicyList, PolicyListKind } from '../../../shared/contract/policy.js';
import { market } from '../../bridge.js';
import {
  runAdminAction,
  useAdminAction,
  useConfirmedAction,
  wentThrough,
} from '../../components/admin-action/index.js';
import { formatCount, formatDateTime } from '../../components/format.js';
import { useMayDo } from '../../stores/admin-role.js';
import { LIST_KIND_LABELS, LIST_KIND_OPTIONS, listItemsOf } from './rules-display.js';

interface ListForm {
  name: string;
  kind: PolicyListKind;
  items: string;
}

function PolicyListDialog({
  list,
  isOpen,
  onClose,
  onSaved,
}: {
  /** The list whose items change; null creates one. */
  list: PolicyList | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<ListForm>({ name: '', kind: 'words', items: '' });
  const [error, setError] = useState<string | null>(null);
  const saving = useAdminAction();
  useEffect(() => {
    if (!isOpen) return;
    setForm(
      list
        ? { name: list.name, kind: list.kind, items: list.items.join('\n') }
        : { name: '', kind: 'words', items: '' },
    );
    setError(null);
  }, [isOpen, list]);
  const set = (patch: Partial<ListForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const save = async () => {
    const items = listItemsOf(form.items);
    if (!list && !form.name.trim()) return setError('Give the list a name');
    const failure = (words: string) => (refused: { message: string }) => {
      setError(refused.message);
      return `${words}: ${refused.message}`;
    };
    const answer = list
      ? await saving.run(() => market.admin.policyLists.update({ params: { id: list.id }, body: { items } }), {
          success: (saved) => `List ${saved.name} saved`,
          failure: failure('Failed to save the list'),
        })
      : await saving.run(
          () => market.admin.policyLists.create({ body: { name: form.name.trim(), kind: form.kind, items } }),
          { success: (saved) => `List ${saved.name} created`, failure: failure('Failed to create the list') },
        );
    if (!answer) return;
    onSaved();
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={list ? `Edit list ${list.name}` : 'New list'}
      style={{ width: 520 }}
    >
      <DialogBody>
        <div className="rule-form-row">
          <FormGroup label="Name" labelFor="list-name" helperText="Rules read it as lists.<name>: letters and digits.">
            <InputGroup
              id="list-name"
              value={form.name}
              disabled={list !== null}
              onValueChange={(name) => set({ name })}
              maxLength={64}
            />
          </FormGroup>
          <FormGroup label="Kind" labelFor="list-kind">
            <HTMLSelect
              id="list-kind"
              value={form.kind}
              disabled={list !== null}
              onChange={(event) => set({ kind: event.currentTarget.value as PolicyListKind })}
              options={LIST_KIND_OPTIONS}
            />
          </FormGroup>
        </div>
        <FormGroup label="Items (one a line)" labelFor="list-items">
          <TextArea
            id="list-items"
            value={form.items}
            onChange={(event) => set({ items: event.currentTarget.value })}
            rows={8}
            fill
          />
        </FormGroup>
        {error && (
          <Callout intent="danger" compact role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button intent="primary" loading={saving.busy} onClick={() => void save()}>
              Save
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function PolicyListsPanel() {
  const mayManage = useMayDo('manageLists');
  const [lists, setLists] = useState<PolicyList[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ list: PolicyList | null } | null>(null);
  const load = useCallback(async () => {
    const result = await runAdminAction(() => market.admin.policyLists.list(), { failure: 'Failed to load the lists' });
    if (result.ok) {
      setLists(result.data.items);
      setFailed(null);
    } else setFailed(result.error.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const remove = useConfirmedAction<PolicyList>(
    {
      title: 'Delete this list?',
      body: 'Rules can no longer read it. The server refuses while a rule does.',
      cancelText: 'Keep it',
      confirmText: 'Delete list',
    },
    async (action, list) => {
      const done = await action.run(() => wentThrough(market.admin.policyLists.delete({ params: { id: list.id } })), {
        success: `List ${list.name} deleted`,
        failure: 'Failed to delete the list',
      });
      if (done) void load();
    },
  );
  return (
    <div className="policy-lists">
      {mayManage && (
        <div className="rules-toolbar">
          <Button intent="primary" icon="add" onClick={() => setEditing({ list: null })}>
            New list
          </Button>
        </div>
      )}
      {failed && <NonIdealState icon="error" title="The lists did not load" description={failed} />}
      {lists && lists.length === 0 && <NonIdealState icon="list" title="No lists yet" />}
      {lists && lists.length > 0 && (
        <HTMLTable compact striped aria-label="Lists" className="policy-lists-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Kind</th>
              <th>Items</th>
              <th>First items</th>
              <th>Updated</th>
              {mayManage && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {lists.map((list) => (
              <tr key={list.id}>
                <td className="mono">{list.name}</td>
                <td>{LIST_KIND_LABELS[list.kind]}</td>
                <td>{formatCount(list.items.length)}</td>
                <td className="policy-list-sample">{list.items.slice(0, 5).join(', ')}</td>
                <td>{formatDateTime(list.updatedAt)}</td>
                {mayManage && (
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="edit"
                      aria-label={`Edit ${list.name}`}
                      onClick={() => setEditing({ list })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="trash"
                      intent="danger"
                      aria-label={`Delete ${list.name}`}
                      onClick={() => remove.ask(list)}
                    >
                      Delete
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {remove.dialog}
      <PolicyListDialog
        isOpen={editing !== null}
        list={editing?.list ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => void load()}
      />
    </div>
  );
}
