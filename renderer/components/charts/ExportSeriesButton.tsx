// 'Export CSV' of a chart: its series over the chart's range, exported by the API like a table's
// (the `marketSeries` export, with the same role rules: no money columns for a role that may not
// read money) and saved the same way (useCsvExport), named after the chart (`<name>-<today>.csv`).
import { Button } from '@blueprintjs/core';
import type { MarketSeries, MetricInterval } from '../../../shared/contract/admin-metrics-routes.js';
import { useCsvExport } from '../data-table/useCsvExport.js';

export function ExportSeriesButton({
  name,
  range,
  series,
  disabled,
}: {
  /** The file's name before the date, e.g. 'gmv-and-orders'. */
  name: string;
  range: { from: string; to: string; interval: MetricInterval };
  series: readonly MarketSeries[];
  disabled?: boolean;
}) {
  const { save, progress } = useCsvExport('marketSeries');
  return (
    progress ?? (
      <Button
        size="small"
        variant="minimal"
        icon="export"
        disabled={disabled}
        onClick={() => void save({ ...range, series: series.join(',') }, name)}
      >
        Export CSV
      </Button>
    )
  );
}
