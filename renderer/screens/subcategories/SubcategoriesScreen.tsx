// Subcategories: the table and a drawer to edit the minimum package weight.
import { Button, Classes, ControlGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Subcategory } from '../../../shared/contract/entities.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { ADMIN_TABLES, AdminTableScreen, type ColumnsOf } from '../../admin-tables/index.js';
import { DetailList } from '../../components/DetailList.js';
import { parseDecimalField } from '../listings/listing-edit-form.js';

const subcategories = ADMIN_TABLES.subcategories;

const columns: ColumnsOf<typeof subcategories> = [
  { id: 'title', label: 'Title', render: (s) => s.title },
  {
    id: 'minPackageWeightInOz',
    label: 'Minimum Package Weight In Oz',
    sortKey: 'minPackageWeightInOz',
    render: (s) => s.minPackageWeightInOz,
    className: 'num',
  },
  { id: 'category', label: 'Category', render: (s) => s.category.title },
];

function SubcategoryDrawer({ subcategory, onClose }: { subcategory: Subcategory; onClose: () => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(subcategory.minPackageWeightInOz));
  const saving = useAdminAction();
  useEffect(() => setDraft(String(subcategory.minPackageWeightInOz)), [subcategory]);
  const weight = parseDecimalField(draft);

  const save = async () => {
    if (weight === null || weight <= 0) return;
    const saved = await saving.run(
      () =>
        market.admin.subcategories.update({ params: { id: subcategory.id }, body: { minPackageWeightInOz: weight } }),
      // The specification logs a weight failure; it is also shown, so the admin knows it did not save.
      { failure: 'Failed to update subcategory', log: 'Error updating subcategory' },
    );
    if (!saved) return;
    subcategories.store.getState().replaceItem(saved);
    setEditing(false);
  };

  return (
    <SideDrawer title={subcategory.title} onClose={onClose} size={420} icon="diagram-tree">
      <div className={`${Classes.DRAWER_BODY} drawer-body`}>
        <DetailList
          rows={[
            ['Subcategory', subcategory.title],
            ['Category', subcategory.category.title],
          ]}
        />
        <FormGroup label="Minimum package weight (oz)" labelFor="subcategory-weight">
          <ControlGroup>
            <InputGroup
              id="subcategory-weight"
              inputMode="decimal"
              value={draft}
              readOnly={!editing}
              onValueChange={setDraft}
              size="small"
              intent={editing && (weight === null || weight <= 0) ? 'danger' : 'none'}
            />
            {editing ? (
              <Button
                size="small"
                intent="primary"
                loading={saving.busy}
                disabled={weight === null || weight <= 0}
                onClick={() => void save()}
              >
                Save
              </Button>
            ) : (
              <Button size="small" icon="edit" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </ControlGroup>
        </FormGroup>
      </div>
    </SideDrawer>
  );
}

export function SubcategoriesScreen() {
  const [selectedId, setSelectedId] = useState<string | undefined>();
  // The drawer shows the store's copy, so a saved weight shows in both places at once.
  const selected = useSelectedSubcategory(selectedId);
  return (
    <AdminTableScreen
      table={subcategories}
      columns={columns}
      onRowClick={(s) => setSelectedId(s.id)}
      selectedId={selectedId}
    >
      {selected && <SubcategoryDrawer subcategory={selected} onClose={() => setSelectedId(undefined)} />}
    </AdminTableScreen>
  );
}

function useSelectedSubcategory(id: string | undefined): Subcategory | undefined {
  const [items, setItems] = useState(subcategories.store.getState().items);
  useEffect(() => subcategories.store.subscribe((state) => setItems(state.items)), []);
  return id ? items.find((s) => s.id === id) : undefined;
}
