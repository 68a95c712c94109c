// The "blocked" badge on PostgreSQL (blocked-badge.suite.ts).
import { describe } from 'vitest';
import { postgresAvailable } from '../support/postgres-cluster.js';
import { blockedBadgeSuite } from './blocked-badge.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startMarketDb } from './market-db.js';
import { type ReviewApp, startReviewApp } from './review-cases-app.js';

async function startOnPostgres(): Promise<ReviewApp> {
  const pg = await startMarketDb();
  const app = await startReviewApp(await pg.open(4), holdsIdentity);
  return {
    ...app,
    close: async () => {
      await app.close();
      await pg.stop();
    },
  };
}

describe.skipIf(!postgresAvailable())('the blocked badge on PostgreSQL', () => {
  blockedBadgeSuite(startOnPostgres);
});
