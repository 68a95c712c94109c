// Listing versions and the bid lock on embedded PGlite (listing-versions.suite.ts).
import { holdsIdentity } from './holds-app.js';
import { listingVersionsSuite } from './listing-versions.suite.js';
import { startReviewApp } from './review-cases-app.js';

listingVersionsSuite(() => startReviewApp(undefined, holdsIdentity));
