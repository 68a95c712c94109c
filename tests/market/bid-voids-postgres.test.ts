// Voiding bids on PostgreSQL (bid-voids.suite.ts).
import { describe } from 'vitest';
import { postgresAvailable } from '../support/postgres-cluster.js';
import { startMarketDb } from './market-db.js';
import { startReviewApp } from './review-cases-app.js';
import { bidVoidsSuite, voidsIdentity } from './bid-voids.suite.js';

describe.skipIf(!postgresAvailable())('voiding bids on PostgreSQL', () => {
  bidVoidsSuite(async () => {
    const pg = await startMarketDb();
    const review = await startReviewApp(await pg.open(5), voidsIdentity);
    return {
      ...review,
      close: async () => {
        await review.close();
        await pg.stop();
      },
    };
  });
});
