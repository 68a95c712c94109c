// Policy rules and lists on embedded PGlite (policy.suite.ts).
import { holdsIdentity } from './holds-app.js';
import { policySuite } from './policy.suite.js';
import { startReviewApp } from './review-cases-app.js';

policySuite(() => startReviewApp(undefined, holdsIdentity));
