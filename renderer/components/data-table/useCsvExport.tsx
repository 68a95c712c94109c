// Saving an export, for every 'Export CSV' button (a table's, a chart's): the API streams it, the
// host saves it (the save dialog, or a download in a browser), the rows written so far show while
// it runs, then a toast says where it went (or why it did not).
import { ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { ExportName, ExportQuery } from '../../../shared/contract/admin-export-routes.js';
import { market } from '../../bridge.js';
import { showToast } from '../../app/toaster.js';
import { countOf } from '../format.js';

const ROWS = { one: 'row', many: 'rows' };

export function useCsvExport(list: ExportName) {
  const [rows, setRows] = useState<number | null>(null);
  // Only this button's own export: several buttons export the same list (each chart its series).
  const saving = useRef(false);
  useEffect(
    () =>
      market.exports.onProgress((progress) => {
        if (saving.current && progress.list === list) setRows(progress.rows);
      }),
    [list],
  );

  const save = async (query: ExportQuery, fileStem?: string) => {
    saving.current = true;
    setRows(0);
    try {
      const outcome = await market.exports.saveCsv(list, query, fileStem);
      if (outcome.ok) {
        showToast({ intent: 'success', message: `Exported ${countOf(outcome.rows, ROWS)} to ${outcome.file}` });
      } else if (outcome.reason === 'failed') {
        showToast({ intent: 'danger', message: outcome.message });
      }
    } catch (error) {
      showToast({ intent: 'danger', message: `The export failed: ${error instanceof Error ? error.message : ''}` });
    } finally {
      saving.current = false;
      setRows(null);
    }
  };

  /** While it runs: the rows written so far, in place of the button. */
  const progress =
    rows === null ? null : (
      <span className="data-table-export-progress" role="status" aria-label="Export progress">
        <ProgressBar intent="primary" className="data-table-export-bar" />
        <Tag minimal>Exporting… {countOf(rows, ROWS)}</Tag>
      </span>
    );
  return { save, progress };
}
