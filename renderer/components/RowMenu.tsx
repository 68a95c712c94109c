// The row menu ('Options') with Delete; its clicks never open the row's drawer.
import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { stopRowClick } from './data-table/DataTable.js';

export function RowMenu({ onDelete, label = 'Options' }: { onDelete: () => void; label?: string }) {
  return (
    <span onClick={stopRowClick} onKeyDown={stopRowClick} role="presentation">
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label={label}>
            <MenuItem icon="trash" intent="danger" text="Delete" onClick={onDelete} />
          </Menu>
        }
      >
        <Button icon="more" variant="minimal" size="small" aria-label={label} title={label} />
      </Popover>
    </span>
  );
}
