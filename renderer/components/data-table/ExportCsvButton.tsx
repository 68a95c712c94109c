// 'Export CSV' of a table: its current search and sort, streamed by the API, with the rows
// written so far while it runs, then a toast saying where it went (or why it did not).
import { Button, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ListName } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { showToast } from '../../app/toaster.js';
import { viewQueryOf, type ListStore } from '../../stores/list-store.js';
import { formatCount } from '../format.js';

export function ExportCsvButton<T extends { id: string }, K extends string>({
  list,
  store,
}: {
  list: ListName;
  store: ListStore<T, K>;
}) {
  const [rows, setRows] = useState<number | null>(null);
  useEffect(() => market.exports.onProgress((progress) => progress.list === list && setRows(progress.rows)), [list]);

  const exportCsv = async () => {
    setRows(0);
    try {
      const outcome = await market.exports.saveCsv(list, viewQueryOf(store.getState()));
      if (outcome.ok) {
        showToast({ intent: 'success', message: `Exported ${formatCount(outcome.rows)} rows to ${outcome.file}` });
      } else if (outcome.reason === 'failed') {
        showToast({ intent: 'danger', message: outcome.message });
      }
    } catch (error) {
      showToast({ intent: 'danger', message: `The export failed: ${error instanceof Error ? error.message : ''}` });
    } finally {
      setRows(null);
    }
  };

  if (rows !== null) {
    return (
      <span className="data-table-export-progress" role="status" aria-label="Export progress">
        <ProgressBar intent="primary" className="data-table-export-bar" />
        <Tag minimal>Exporting… {formatCount(rows)} rows</Tag>
      </span>
    );
  }
  return (
    <Button size="small" icon="export" onClick={() => void exportCsv()}>
      Export CSV
    </Button>
  );
}
