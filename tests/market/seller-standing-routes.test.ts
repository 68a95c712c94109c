// A seller's standing on embedded PGlite (seller-standing.suite.ts).
import { holdsIdentity } from './holds-app.js';
import { sellerStandingSuite } from './seller-standing.suite.js';
import { startReviewApp } from './review-cases-app.js';

sellerStandingSuite(() => startReviewApp(undefined, holdsIdentity));
