// Holds and payouts on embedded PGlite (holds.suite.ts).
import { holdsIdentity } from './holds-app.js';
import { holdsSuite } from './holds.suite.js';
import { startReviewApp } from './review-cases-app.js';

holdsSuite(() => startReviewApp(undefined, holdsIdentity));
