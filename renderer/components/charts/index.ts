// The app's charts (Recharts, themed with Blueprint's light and dark palettes): the chart, its
// series' formats and their CSV export (the API's `marketSeries` export).
export { SeriesChart, type SeriesChartProps } from './SeriesChart.js';
export { chartTheme, type ChartTheme } from './chart-theme.js';
export { formatSeriesValue, formatTick, shortDay, type SeriesSpec, type SeriesUnit } from './series-format.js';
export { ExportSeriesButton } from './ExportSeriesButton.js';
