// Voiding bids on PostgreSQL (bid-voids.suite.ts).
import { describe } from 'vitest';

import { startReviewApp } from './review-cases-app.js';
import { bidVoidsSuite, voidsIdentity } from './bid-voids.suite.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

describe.skipIf(!canRun('postgres'))('voiding bids on PostgreSQL', () => {
  bidVoidsSuite(() => appOnPostgres((database) => startReviewApp(database, voidsIdentity), 5));
});
