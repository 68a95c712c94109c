// 'Export CSV' of a table: its current search and sort, streamed by the API (useCsvExport).
import { Button } from '@blueprintjs/core';
import type { ListName } from '../../../shared/contract/list-query.js';
import { viewQueryOf, type ListStore } from '../../stores/list-store.js';
import { useCsvExport } from './useCsvExport.js';

export function ExportCsvButton<T extends { id: string }, K extends string>({
  list,
  store,
}: {
  list: ListName;
  store: ListStore<T, K>;
}) {
  const { save, progress } = useCsvExport(list);
  return (
    progress ?? (
      <Button size="small" icon="export" onClick={() => void save(viewQueryOf(store.getState()))}>
        Export CSV
      </Button>
    )
  );
}
