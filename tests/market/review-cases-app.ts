// The shared set-up of the review-queue route tests: the real app (app.inject, a fake identity at the
// token edge) where `token-admin` and `token-admin2` are two different admins, one enabled seller,
// and the recorded realtime events of both the market relay and the admin events.
import type { FastifyInstance } from 'fastify';
import { openTestApp } from '../support/app-fixture.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import type { Database } from '../../server/platform/db/database.js';
import type { OnlineAdmin } from '../../server/platform/realtime/admin-presence.js';
import { enableSellers, fakeIdentity, marketCall, recordingPublisher, type RecordedEvent } from './market-db.js';

/** `fakeIdentity`, but every name starting with `admin` carries the admin claim. */
export const twoAdminsIdentity: IdentityProvider = {
  ...fakeIdentity,
  verifyIdToken: async (token) => {
    const verified = await fakeIdentity.verifyIdToken(token);
    return { ...verified, admin: verified.uid.startsWith('uid-admin') };
  },
};

export interface ReviewApp {
  app: FastifyInstance;
  database: Database;
  log: RecordedEvent[];
  call: ReturnType<typeof marketCall>;
  /** Who the realtime layer reports online (empty: nobody); a test fills it. */
  online: OnlineAdmin[];
  /** Closes the app, and the database when it was opened here. */
  close(): Promise<void>;
}

/** The review app on `database`, or on a fresh in-memory one (the app fixture). */
export async function startReviewApp(
  database?: Database,
  identity: IdentityProvider = twoAdminsIdentity,
): Promise<ReviewApp> {
  const log: RecordedEvent[] = [];
  const online: OnlineAdmin[] = [];
  const publisher = recordingPublisher(log);
  const opened = await openTestApp({
    ...(database ? { database } : {}),
    identity,
    rateLimitMax: 100_000,
    // In place of Socket.IO: what marketRealtime forwards from the admin events to `/admin`.
    realtime: async (_app, { events, presence }) => {
      presence.attach(async () => [...online]);
      events.on('reviewCaseUpdated', (item) => publisher.publishAdmin('reviewCaseUpdated', item));
      events.on('messageDeleted', (payload) => publisher.publishAdmin('messageDeleted', payload));
      events.on('auctionMessageDeleted', (payload) => publisher.publishAdmin('auctionMessageDeleted', payload));
      events.on('bidsVoided', (standing) => publisher.publishAdmin('auctionStandingChanged', standing));
    },
  });
  const { app } = opened;
  app.market.events.attach(publisher);
  await enableSellers(app, 'seller');
  return { app, database: opened.database, log, online, call: marketCall(() => app), close: () => opened.close() };
}
