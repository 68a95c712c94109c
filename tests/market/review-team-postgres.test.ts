// The team queue's routes on PostgreSQL (review-team.suite.ts).
import { describe } from 'vitest';

import { startReviewApp } from './review-cases-app.js';
import { teamIdentity } from './review-team-app.js';
import { reviewTeamSuite } from './review-team.suite.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

describe.skipIf(!canRun('postgres'))('the team queue on PostgreSQL', () => {
  reviewTeamSuite(() => appOnPostgres((database) => startReviewApp(database, teamIdentity), 5));
});
