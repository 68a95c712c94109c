// 'Export CSV' of a chart: its rows as the tables' exports write them (seriesCsv), saved as a
// file named like theirs (`<name>-<today>.csv`), with the same toast when it is done.
import { Button } from '@blueprintjs/core';
import { showToast } from '../../app/toaster.js';
import { formatCount } from '../format.js';
import { type SeriesSpec, seriesCsv } from './series-format.js';

export function ExportSeriesButton<Row extends { date: string }>({
  name,
  rows,
  series,
}: {
  /** The file's name before the date, e.g. 'gmv-and-orders'. */
  name: string;
  rows: readonly Row[];
  series: readonly SeriesSpec<Row>[];
}) {
  const save = () => {
    const file = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
    const url = URL.createObjectURL(new Blob([seriesCsv(rows, series)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file;
    link.click();
    // The download has its own copy once it started.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    showToast({ intent: 'success', message: `Exported ${formatCount(rows.length)} rows to ${file}` });
  };
  return (
    <Button size="small" variant="minimal" icon="export" onClick={save} disabled={rows.length === 0}>
      Export CSV
    </Button>
  );
}
