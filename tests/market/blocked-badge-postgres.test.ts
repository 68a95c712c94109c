// The "blocked" badge on PostgreSQL (blocked-badge.suite.ts).
import { describe } from 'vitest';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';
import { blockedBadgeSuite } from './blocked-badge.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startReviewApp } from './review-cases-app.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity), 4);

describe.skipIf(!canRun('postgres'))('the blocked badge on PostgreSQL', () => {
  blockedBadgeSuite(startOnPostgres);
});
