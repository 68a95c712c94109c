// Listing versions and the bid lock on PostgreSQL (listing-versions.suite.ts): the version trigger
// and the transaction-local editor setting on a real server's pooled connections.
import { describe } from 'vitest';
import { holdsIdentity } from './holds-app.js';
import { listingVersionsSuite } from './listing-versions.suite.js';
import { startReviewApp } from './review-cases-app.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('listing versions on PostgreSQL', () => {
  listingVersionsSuite(startOnPostgres);
});
