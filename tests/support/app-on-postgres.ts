// The PostgreSQL twin of a route suite that also runs on PGlite: the suite's own app, started over
// a fresh database of the run's cluster (startMarketDb), whose close also drops that database. A
// file that calls it needs PostgreSQL (test-needs.ts reads the call) and skips with
// `canRun('postgres')` like any other.
import type { Database } from '../../server/platform/db/database.js';
import { startMarketDb } from '../market/market-db.js';

/** `start`'s app over a fresh PostgreSQL database of `poolSize` connections, dropped when the app closes. */
export async function appOnPostgres<App extends { close(): Promise<void> }>(
  start: (database: Database) => Promise<App>,
  poolSize = 8,
): Promise<App> {
  const pg = await startMarketDb();
  let app: App;
  try {
    app = await start(await pg.open(poolSize));
  } catch (error) {
    await pg.stop();
    throw error;
  }
  return {
    ...app,
    close: async () => {
      try {
        await app.close();
      } finally {
        await pg.stop();
      }
    },
  };
}
