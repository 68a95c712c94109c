// The "blocked" badge on embedded PGlite (blocked-badge.suite.ts).
import { blockedBadgeSuite } from './blocked-badge.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startReviewApp } from './review-cases-app.js';

blockedBadgeSuite(() => startReviewApp(undefined, holdsIdentity));
