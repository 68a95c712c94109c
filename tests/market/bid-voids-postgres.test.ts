// Voiding bids on PostgreSQL (bid-voids.suite.ts).
import { describe } from 'vitest';

import { startMarketDb } from './market-db.js';
import { startReviewApp } from './review-cases-app.js';
import { bidVoidsSuite, voidsIdentity } from './bid-voids.suite.js';
import { canRun } from '../support/service-skips.js';

describe.skipIf(!canRun('postgres'))('voiding bids on PostgreSQL', () => {
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
