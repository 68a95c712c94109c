// The review queue's Metrics tab: the backlog now, and over the chosen range what each source
// opened and resolved (with the median time to resolve) and what each admin resolved (with the
// median times to the first action and to resolving). Charts with recharts, the app's one chart
// library; colours follow the colour mode.
import { Callout, Card, H3, H5, HTMLSelect, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReviewMetrics } from '../../../shared/contract/review-team.js';
import { market } from '../../bridge.js';
import { chartTheme } from '../../components/charts/index.js';
import { useColorMode } from '../../stores/color-mode-store.js';
import { SOURCE_LABELS } from './review-display.js';

const RANGES = [
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
];

const minutes = (value: number | null) =>
  value === null ? '-' : value < 90 ? `${value} min` : `${Math.round(value / 6) / 10} h`;

function MetricChart({
  title,
  data,
  bars,
  empty,
}: {
  title: string;
  data: object[];
  bars: { key: string; name: string }[];
  /** Said instead of drawing empty axes when the range has nothing to show. */
  empty: string;
}) {
  // The app's chart palette, so these sit beside the dashboard's charts in either colour mode.
  const theme = chartTheme(useColorMode((s) => s.mode));
  const ink = theme.text;
  return (
    <Card className="review-metric-card" aria-label={title}>
      <H5>{title}</H5>
      {data.length === 0 ? (
        <p className="muted review-metrics-empty">{empty}</p>
      ) : (
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.grid} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: ink, fontSize: 11 }} />
            <YAxis type="category" dataKey="label" tick={{ fill: ink, fontSize: 11 }} width={130} interval={0} />
            <Tooltip
              contentStyle={{ background: theme.tooltipBackground, borderColor: theme.tooltipBorder, color: ink }}
              cursor={{ fill: theme.cursor }}
            />
            <Legend wrapperStyle={{ color: ink, fontSize: 12 }} />
            {bars.map((bar, index) => (
              <Bar
                key={bar.key}
                dataKey={bar.key}
                name={bar.name}
                fill={theme.series[index % theme.series.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}

export function MetricsPanel() {
  const [days, setDays] = useState('7');
  const [metrics, setMetrics] = useState<ReviewMetrics | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const to = new Date();
    const from = new Date(to.getTime() - Number(days) * 86_400_000);
    let current = true;
    void market.admin.reviewCases
      .metrics({ query: { from: from.toISOString(), to: to.toISOString() } })
      .then((result) => {
        if (!current) return;
        if (result.ok) {
          setMetrics(result.data);
          setFailed(null);
        } else setFailed(result.error.message);
      });
    return () => {
      current = false;
    };
  }, [days]);

  const sources = (metrics?.bySource ?? [])
    .filter((row) => row.opened > 0 || row.resolved > 0)
    .map((row) => ({ ...row, label: SOURCE_LABELS[row.source] }));
  const admins = (metrics?.byAdmin ?? []).map((row) => ({ ...row, label: row.admin.email ?? row.admin.uid }));
  return (
    <section className="screen review-metrics" aria-label="Review metrics">
      <H3 className="screen-title">Review metrics</H3>
      <div className="review-toolbar">
        <HTMLSelect aria-label="Range" value={days} onChange={(e) => setDays(e.currentTarget.value)} options={RANGES} />
      </div>
      {failed && <Callout intent="danger">{failed}</Callout>}
      {!metrics && !failed && <Spinner aria-label="Loading metrics" />}
      {metrics && (
        <>
          <div className="review-metrics-grid">
            {(
              [
                ['Open', metrics.backlog.open],
                ['Claimed', metrics.backlog.claimed],
                ['Overdue', metrics.backlog.overdue],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} className="review-metric-card">
                <div className="muted">{label}</div>
                <div className={`review-metric-value${label === 'Overdue' && value > 0 ? ' review-overdue' : ''}`}>
                  {value}
                </div>
              </Card>
            ))}
          </div>
          <div className="review-metrics-charts">
            <MetricChart
              title="Cases per source"
              empty="No case opened or resolved in this range."
              data={sources}
              bars={[
                { key: 'opened', name: 'Opened' },
                { key: 'resolved', name: 'Resolved' },
              ]}
            />
            <MetricChart
              title="Resolved per admin"
              empty="No admin resolved a case in this range."
              data={admins}
              bars={[{ key: 'resolved', name: 'Resolved' }]}
            />
          </div>
          {admins.length > 0 && (
            <HTMLTable compact striped className="review-metrics-table" aria-label="Per admin">
              <thead>
                <tr>
                  <th>Admin</th>
                  <th>Resolved</th>
                  <th>Median to first action</th>
                  <th>Median to resolve</th>
                </tr>
              </thead>
              <tbody>
                {admins.map((row) => (
                  <tr key={row.admin.uid}>
                    <td>{row.label}</td>
                    <td>{row.resolved}</td>
                    <td>{minutes(row.medianMinutesToFirstAction)}</td>
                    <td>{minutes(row.medianMinutesToResolve)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {sources.length > 0 && (
            <HTMLTable compact striped className="review-metrics-table" aria-label="Per source">
              <thead>
                <tr>
                  <th>Source</th>
                  <th>Opened</th>
                  <th>Resolved</th>
                  <th>Median to resolve</th>
                </tr>
              </thead>
              <tbody>
                {sources.map((row) => (
                  <tr key={row.source}>
                    <td>{row.label}</td>
                    <td>{row.opened}</td>
                    <td>{row.resolved}</td>
                    <td>{minutes(row.medianMinutesToResolve)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </>
      )}
    </section>
  );
}
