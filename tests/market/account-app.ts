// The shared set-up of the account route tests: the real app (app.inject, embedded PGlite, the fake
// identity at the token edge, the local SMS sender), its recorded realtime events, and the Firebase
// uids whose sign-in the identity provider was asked to disable.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { localSms } from '../../server/modules/accounts/sms.js';
import { fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

export let database: Database;
export let app: FastifyInstance;
export const log: RecordedEvent[] = [];
export const sms = localSms();
/** Firebase uids whose sign-in the identity provider was asked to disable. */
export const disabled: string[] = [];

export const call = marketCall(() => app);
export const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
export const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
export const codeSentTo = (e164: string) => /\b(\d{6})\b/.exec(sms.lastTo(e164)?.body ?? '')?.[1] ?? '';
export const register = (user: string, userName: string) =>
  call(user, 'POST', '/user', { userName, firstName: 'Ann', lastName: 'Lee', acceptedTerms: true });

const startedAt = Date.now();

/**
 * Opens the app on a fresh database before the tests of the calling file, and closes it after; the
 * app's clock is `now` (by default the time this file was loaded).
 */
export function useAccountApp(now: () => number = () => startedAt): void {
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      ports: localPorts(database, {
        identity: { ...fakeIdentity, disableAccount: async (uid) => void disabled.push(uid) },
        sms,
      }),
    });
    app.market.events.attach(recordingPublisher(log));
    app.market.now = now;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
}
