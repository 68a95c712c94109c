// The dashboard's market health: the chosen range, its rows and the previous period's totals,
// read from GET /admin/metrics/market; kept live by `marketDayUpdated` (the server's watcher
// sends it at most once a tick), refreshing at most one day read at a time.
import { createStore, useStore } from 'zustand';
import type { MarketMetricsRow, MarketSeries } from '../../../shared/contract/admin-metrics-routes.js';
import { previousPeriod, utcDay } from '../../../shared/rules/market-days.js';
import { market } from '../../bridge.js';
import { customRange, type MetricsRange, presetRange, type RangePreset, totalsOf, withDay } from './market-health.js';

export interface MarketHealthState {
  preset: RangePreset;
  range: MetricsRange;
  rows: MarketMetricsRow[];
  previous: Partial<Record<MarketSeries, number>> | null;
  loading: boolean;
  error: string | null;
  /** Why the typed custom range is not shown, or null. */
  refusal: string | null;
  choosePreset(days: Exclude<RangePreset, 'custom'>): void;
  chooseCustom(from: string, to: string): void;
  load(): Promise<void>;
  /** A day's counters changed (live): read it again if the range shows it. */
  dayChanged(date: string): void;
}

async function read(range: MetricsRange): Promise<MarketMetricsRow[]> {
  const result = await market.admin.metrics.market({ query: range });
  if (!result.ok) throw new Error(result.error.message);
  return result.data.series;
}

export function createMarketHealthStore(today: () => string = () => utcDay(Date.now())) {
  let generation = 0;
  let refreshing: Promise<void> | null = null;
  let again = false;
  const store = createStore<MarketHealthState>()((set, get) => ({
    preset: 30,
    range: presetRange(30, today()),
    rows: [],
    previous: null,
    loading: true,
    error: null,
    refusal: null,
    choosePreset(days) {
      set({ preset: days, range: presetRange(days, today()), refusal: null });
      void get().load();
    },
    chooseCustom(from, to) {
      const range = customRange(from, to);
      if ('refusal' in range) return set({ preset: 'custom', refusal: range.refusal });
      set({ preset: 'custom', range, refusal: null });
      void get().load();
    },
    async load() {
      const mine = ++generation;
      const { range } = get();
      set({ loading: true, error: null });
      try {
        const [rows, before] = await Promise.all([
          read(range),
          read({ ...range, ...previousPeriod(range.from, range.to) }),
        ]);
        if (mine === generation) set({ rows, previous: totalsOf(before), loading: false });
      } catch (error) {
        if (mine === generation) set({ loading: false, error: error instanceof Error ? error.message : String(error) });
      }
    },
    dayChanged(date) {
      const { range } = get();
      if (date < range.from || date > range.to) return;
      // Several changes while a read is out: one more read after it, not one per change.
      if (refreshing) {
        again = true;
        return;
      }
      const mine = generation;
      refreshing = (async () => {
        try {
          if (range.interval === 'week') {
            const rows = await read(range);
            if (mine === generation) set({ rows });
          } else {
            const [day] = await read({ from: date, to: date, interval: 'day' });
            if (day && mine === generation) set({ rows: withDay(get().rows, day) });
          }
        } catch {
          // A missed live update is caught up by the next one or the next range.
        } finally {
          refreshing = null;
          if (again) {
            again = false;
            get().dayChanged(date);
          }
        }
      })();
    },
  }));
  return store;
}

export type MarketHealthStore = ReturnType<typeof createMarketHealthStore>;
export const useMarketHealth = <T>(store: MarketHealthStore, select: (state: MarketHealthState) => T): T =>
  useStore(store, select);
