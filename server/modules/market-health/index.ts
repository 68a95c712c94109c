// The market-health module from outside: the dashboard's daily market counters (GMV, orders,
// bids, new users and listings, refunds, review cases), kept by the database's triggers
// (migration 0030) and read back per day or per week, and their CSV export.
export { marketHealthHandlers } from './admin.js';
export { marketSeriesExport } from './series-export.js';
export { type MarketDayWatcher, watchMarketDay } from './day-watcher.js';
