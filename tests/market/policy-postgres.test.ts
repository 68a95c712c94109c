// Policy rules and lists on PostgreSQL (policy.suite.ts).
import { describe } from 'vitest';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';
import { policySuite } from './policy.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startReviewApp } from './review-cases-app.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('policy on PostgreSQL', () => {
  policySuite(startOnPostgres);
});
