// Listing versions and the bid lock on PostgreSQL (listing-versions.suite.ts): the version trigger
// and the transaction-local editor setting on a real server's pooled connections.
import { describe } from 'vitest';
import { holdsIdentity } from './holds-app.js';
import { listingVersionsSuite } from './listing-versions.suite.js';
import { startMarketDb } from './market-db.js';
import { type ReviewApp, startReviewApp } from './review-cases-app.js';
import { canRun } from '../support/service-skips.js';

async function startOnPostgres(): Promise<ReviewApp> {
  const pg = await startMarketDb();
  const app = await startReviewApp(await pg.open(8), holdsIdentity);
  return {
    ...app,
    close: async () => {
      await app.close();
      await pg.stop();
    },
  };
}

describe.skipIf(!canRun('postgres'))('listing versions on PostgreSQL', () => {
  listingVersionsSuite(startOnPostgres);
});
