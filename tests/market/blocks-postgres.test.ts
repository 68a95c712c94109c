// Blocks on PostgreSQL (blocks.suite.ts).
import { describe } from 'vitest';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';
import { blocksSuite } from './blocks.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startReviewApp } from './review-cases-app.js';

const startOnPostgres = () => appOnPostgres((database) => startReviewApp(database, holdsIdentity));

describe.skipIf(!canRun('postgres'))('blocks on PostgreSQL', () => {
  blocksSuite(startOnPostgres);
});
