// The team queue's routes on PostgreSQL (review-team.suite.ts).
import { describe } from 'vitest';

import { startMarketDb } from './market-db.js';
import { startReviewApp } from './review-cases-app.js';
import { teamIdentity } from './review-team-app.js';
import { reviewTeamSuite } from './review-team.suite.js';
import { canRun } from '../support/service-skips.js';

describe.skipIf(!canRun('postgres'))('the team queue on PostgreSQL', () => {
  reviewTeamSuite(async () => {
    const pg = await startMarketDb();
    const review = await startReviewApp(await pg.open(5), teamIdentity);
    return {
      ...review,
      close: async () => {
        await review.close();
        await pg.stop();
      },
    };
  });
});
