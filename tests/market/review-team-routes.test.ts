// The team queue's routes on embedded PGlite (review-team.suite.ts).
import { startReviewApp } from './review-cases-app.js';
import { teamIdentity } from './review-team-app.js';
import { reviewTeamSuite } from './review-team.suite.js';

reviewTeamSuite(() => startReviewApp(undefined, teamIdentity));
