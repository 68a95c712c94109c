// What seller levels do, on PostgreSQL (seller-level-effects.suite.ts).
import { describe } from 'vitest';
import { holdsIdentity } from './holds-app.js';
import { sellerLevelEffectsSuite } from './seller-level-effects.suite.js';
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

describe.skipIf(!canRun('postgres'))('seller level effects on PostgreSQL', () => {
  sellerLevelEffectsSuite(startOnPostgres);
});
