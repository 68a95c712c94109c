// The dashboard's market health, under the specification's cards and tables: a range picker,
// then a row of charts (GMV and orders, bids and new users, refunds and cases), each with its
// period's totals, the change against the period before and its CSV export. Live: today's point
// moves on `marketDayUpdated`.
import { Button, ButtonGroup, Callout, Card, H5, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { MarketSeries } from '../../../shared/contract/admin-metrics-routes.js';
import { hasMarket, market } from '../../bridge.js';
import { ExportSeriesButton, formatSeriesValue, SeriesChart, shortDay } from '../../components/charts/index.js';
import { useSession } from '../../stores/session-store.js';
import { changeOf, chartsFor, type MarketChartSpec, RANGE_PRESETS, totalsOf } from './market-health.js';
import { createMarketHealthStore, type MarketHealthStore, useMarketHealth } from './market-health-store.js';

const DIRECTION_INTENT = { up: 'success', down: 'warning', flat: 'none' } as const;

function ChartCard({ chart, store }: { chart: MarketChartSpec; store: MarketHealthStore }) {
  const rows = useMarketHealth(store, (s) => s.rows);
  const previous = useMarketHealth(store, (s) => s.previous);
  const range = useMarketHealth(store, (s) => s.range);
  const interval = range.interval;
  const totals = useMemo(() => totalsOf(rows), [rows]);
  return (
    <Card className="market-chart" compact aria-label={`${chart.title} chart`}>
      <div className="market-chart-heading">
        <H5>{chart.title}</H5>
        <span className="data-table-spacer" />
        <ExportSeriesButton
          name={chart.id}
          range={range}
          series={chart.series.map((spec) => spec.key as MarketSeries)}
          disabled={rows.length === 0}
        />
      </div>
      <div className="market-chart-totals">
        {chart.series.map((spec) => {
          const total = totals[spec.key as MarketSeries] ?? 0;
          const change = changeOf(total, previous?.[spec.key as MarketSeries]);
          return (
            <div key={spec.key} className="market-chart-total">
              <span className="muted">{spec.label}</span>
              <span className="market-chart-total-value" data-total={spec.key}>
                {formatSeriesValue(spec.unit, total)}
              </span>
              {change && (
                <Tag minimal intent={DIRECTION_INTENT[change.direction]} title="Against the previous period">
                  {change.text}
                </Tag>
              )}
            </div>
          );
        })}
      </div>
      <SeriesChart rows={rows} series={chart.series} label={`${chart.title} per ${interval}`} />
    </Card>
  );
}

function RangePicker({ store }: { store: MarketHealthStore }) {
  const preset = useMarketHealth(store, (s) => s.preset);
  const range = useMarketHealth(store, (s) => s.range);
  const refusal = useMarketHealth(store, (s) => s.refusal);
  const [custom, setCustom] = useState(false);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  return (
    <div className="market-range" role="group" aria-label="Range">
      <ButtonGroup>
        {RANGE_PRESETS.map((days) => (
          <Button
            key={days}
            size="small"
            active={!custom && preset === days}
            intent={!custom && preset === days ? 'primary' : 'none'}
            onClick={() => {
              setCustom(false);
              store.getState().choosePreset(days);
            }}
          >
            {days} days
          </Button>
        ))}
        <Button
          size="small"
          active={custom || preset === 'custom'}
          intent={custom || preset === 'custom' ? 'primary' : 'none'}
          onClick={() => setCustom(true)}
        >
          Custom
        </Button>
      </ButtonGroup>
      {custom && (
        <form
          className="market-range-custom"
          onSubmit={(event) => {
            event.preventDefault();
            store.getState().chooseCustom(from, to);
          }}
        >
          <InputGroup
            size="small"
            type="date"
            aria-label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <InputGroup size="small" type="date" aria-label="To" value={to} onChange={(e) => setTo(e.target.value)} />
          <Button size="small" type="submit" intent="primary">
            Show
          </Button>
        </form>
      )}
      <span className="muted market-range-label">
        {shortDay(range.from, true)} – {shortDay(range.to, true)} (UTC{range.interval === 'week' ? ', by week' : ''})
      </span>
      {refusal && (
        <Tag intent="danger" minimal>
          {refusal}
        </Tag>
      )}
    </div>
  );
}

export function MarketHealth() {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const charts = useMemo(() => chartsFor(role), [role]);
  const store = useMemo(() => createMarketHealthStore(), []);
  const loading = useMarketHealth(store, (s) => s.loading);
  const error = useMarketHealth(store, (s) => s.error);
  const hasRows = useMarketHealth(store, (s) => s.rows.length > 0);

  useEffect(() => {
    void store.getState().load();
    if (!hasMarket()) return;
    return market.events.subscribe(['marketDayUpdated'], (event) => {
      if (event.name === 'marketDayUpdated') store.getState().dayChanged(event.payload.date);
    });
  }, [store]);

  if (charts.length === 0) return null;
  return (
    <section className="market-health" aria-label="Market health">
      <div className="market-health-heading">
        <H5>Market health</H5>
        <RangePicker store={store} />
        {loading && <Spinner size={16} aria-label="Loading market health" />}
      </div>
      {error && (
        <Callout intent="danger" compact>
          The market health could not be loaded: {error}
        </Callout>
      )}
      {hasRows && (
        <div className="market-charts">
          {charts.map((chart) => (
            <ChartCard key={chart.id} chart={chart} store={store} />
          ))}
        </div>
      )}
    </section>
  );
}
