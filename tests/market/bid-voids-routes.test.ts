// Voiding bids on embedded PGlite (bid-voids.suite.ts).
import { startReviewApp } from './review-cases-app.js';
import { bidVoidsSuite, voidsIdentity } from './bid-voids.suite.js';

bidVoidsSuite(() => startReviewApp(undefined, voidsIdentity));
