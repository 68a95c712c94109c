import { Button } from '@blueprintjs/core';
import { stopRowClick } from './data-table/DataTable.js';

/** A row's delete action; its click never opens the row. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <span onClick={stopRowClick} onKeyDown={stopRowClick} role="presentation">
      <Button
        icon="trash"
        variant="minimal"
        size="small"
        intent="danger"
        aria-label={label}
        title={label}
        onClick={onClick}
      />
    </span>
  );
}
