// The shared set-up of the account route tests: the real app (app.inject, embedded PGlite, the fake
// identity at the token edge, the local SMS sender), its recorded realtime events, and the Firebase
// uids whose sign-in the identity provider was asked to disable.
import type { FastifyInstance } from 'fastify';
import { type Database } from '../../server/platform/db/database.js';
import { localSms } from '../../server/modules/accounts/sms.js';
import { fakeIdentity, type RecordedEvent, marketCall } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

export let database: Database;
export let app: FastifyInstance;
export const log: RecordedEvent[] = [];
/** The app's SMS sender, a new one for each file's app (so a number's last code is this file's). */
export let sms = localSms();
/** Firebase uids whose sign-in the identity provider was asked to disable. */
export const disabled: string[] = [];

export const call = marketCall(() => app);
export const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
export const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
export const codeSentTo = (e164: string) => /\b(\d{6})\b/.exec(sms.lastTo(e164)?.body ?? '')?.[1] ?? '';
export const register = (user: string, userName: string) =>
  call(user, 'POST', '/user', { userName, firstName: 'Ann', lastName: 'Lee', acceptedTerms: true });

/**
 * Opens the app on a fresh database before the tests of the calling file, and closes it after; the
 * app's clock is `now` (by default the time the calling file set its app up). The records above
 * start empty for each file: files may share this module (one test process runs many).
 */
export function useAccountApp(now?: () => number): void {
  const startedAt = Date.now();
  useApp(
    { identity: { ...fakeIdentity, disableAccount: async (uid) => void disabled.push(uid) }, events: log },
    (opened) => {
      ({ app, database } = opened);
      log.length = 0;
      disabled.length = 0;
      sms = localSms();
      app.market.sms = sms;
      app.market.now = now ?? (() => startedAt);
    },
  );
}
