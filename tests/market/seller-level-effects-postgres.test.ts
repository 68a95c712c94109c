// What seller levels do, on PostgreSQL (seller-level-effects.suite.ts).
import { describe } from 'vitest';
import { holdsIdentity } from './holds-app.js';
import { sellerLevelEffectsSuite } from './seller-level-effects.suite.js';
import { startReviewApp } from './review-cases-app.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('seller level effects on PostgreSQL', () => {
  sellerLevelEffectsSuite(startOnPostgres);
});
