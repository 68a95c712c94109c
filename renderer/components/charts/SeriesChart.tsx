// A chart of a few series over days: bars for the first axis' series, lines for the others,
// a second axis when money and counts share the chart, hover values in a themed tooltip. The
// screens say what to draw (SeriesSpec); how it looks is decided here and in chart-theme.ts.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useColorMode } from '../../stores/color-mode-store.js';
import { chartTheme } from './chart-theme.js';
import { type SeriesSpec, formatSeriesValue, formatTick, shortDay } from './series-format.js';

export interface SeriesChartProps<Row extends { date: string }> {
  rows: readonly Row[];
  series: readonly SeriesSpec<Row>[];
  /** What a screen reader hears for the whole chart. */
  label: string;
  height?: number;
}

export function SeriesChart<Row extends { date: string }>({
  rows,
  series,
  label,
  height = 220,
}: SeriesChartProps<Row>) {
  const theme = chartTheme(useColorMode((state) => state.mode));
  const axes = [...new Set(series.map((spec) => spec.unit))];
  const axisOf = (spec: SeriesSpec<Row>) => (axes.length > 1 && spec.unit === axes[1] ? 'right' : 'left');
  const tick = { fill: theme.text, fontSize: 11 };
  return (
    <div className="series-chart" role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={theme.grid} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => shortDay(day)}
            tick={tick}
            stroke={theme.axis}
            minTickGap={16}
            tickLine={false}
          />
          {axes.map((unit, index) => (
            <YAxis
              key={unit}
              yAxisId={index === 0 ? 'left' : 'right'}
              orientation={index === 0 ? 'left' : 'right'}
              tickFormatter={(value: number) => formatTick(unit, value)}
              tick={tick}
              stroke={theme.axis}
              width={unit === 'usd' ? 64 : 44}
              allowDecimals={unit === 'usd'}
              tickLine={false}
            />
          ))}
          <Tooltip
            cursor={{ fill: theme.cursor, fillOpacity: 0.35 }}
            contentStyle={{
              background: theme.tooltipBackground,
              border: `1px solid ${theme.tooltipBorder}`,
              borderRadius: 4,
              color: theme.text,
              fontSize: 12,
            }}
            labelStyle={{ color: theme.text, fontWeight: 600 }}
            labelFormatter={(day) => shortDay(String(day), true)}
            formatter={(value, name) => {
              const spec = series.find((candidate) => candidate.label === name);
              return [spec ? formatSeriesValue(spec.unit, Number(value)) : String(value), name];
            }}
          />
          <Legend wrapperStyle={{ color: theme.text, fontSize: 12 }} iconSize={10} />
          {series.map((spec, index) => {
            const color = theme.series[index % theme.series.length]!;
            // The key is passed on its own: React warns about a key spread in with the props.
            const key = String(spec.key);
            const common = {
              dataKey: spec.key as string,
              name: spec.label,
              yAxisId: axisOf(spec),
              isAnimationActive: false,
            };
            return index === 0 ? (
              <Bar key={key} {...common} fill={color} maxBarSize={24} radius={[2, 2, 0, 0]} />
            ) : (
              <Line key={key} {...common} stroke={color} strokeWidth={2} dot={rows.length <= 31} type="monotone" />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
