// The shared set-up of the market route tests: the real app (app.inject, embedded PGlite, the
// token-<name> fake identity) with one enabled seller, and its recorded realtime events.
import type { FastifyInstance } from 'fastify';
import { type Database } from '../../server/platform/db/database.js';
import { enableSellers, fakeIdentity, type RecordedEvent, marketCall } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

export let database: Database;
export let app: FastifyInstance;
export const log: RecordedEvent[] = [];

export const call = marketCall(() => app);
export const events = (name: string, kind: 'admin' | 'market' = 'market') =>
  log.filter((event) => event.name === name && event.kind === kind);
export const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

/** Opens the app on a fresh database before the tests of the calling file, and closes it after. */
export function useMarketApp(): void {
  useApp({ identity: fakeIdentity, events: log }, async (opened) => {
    ({ app, database } = opened);
    // Files may share this module (one test process runs many): the record is this file's.
    log.length = 0;
    // Only an enabled seller lists and accepts offers (selling.ts).
    await enableSellers(app, 'seller');
  });
}
