// A seller's standing on PostgreSQL (seller-standing.suite.ts).
import { describe } from 'vitest';
import { holdsIdentity } from './holds-app.js';
import { sellerStandingSuite } from './seller-standing.suite.js';
import { startReviewApp } from './review-cases-app.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('seller standing on PostgreSQL', () => {
  sellerStandingSuite(startOnPostgres);
});
