// The shared set-up of the market route tests: the real app (app.inject, embedded PGlite, the
// token-<name> fake identity) with one enabled seller, and its recorded realtime events.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { enableSellers, fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

export let database: Database;
export let app: FastifyInstance;
export const log: RecordedEvent[] = [];

export const call = marketCall(() => app);
export const events = (name: string, kind: 'admin' | 'market' = 'market') =>
  log.filter((event) => event.name === name && event.kind === kind);
export const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

/** Opens the app on a fresh database before the tests of the calling file, and closes it after. */
export function useMarketApp(): void {
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      ports: localPorts(database, { identity: fakeIdentity }),
    });
    app.market.events.attach(recordingPublisher(log));
    // Only an enabled seller lists and accepts offers (selling.ts).
    await enableSellers(app, 'seller');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
}
