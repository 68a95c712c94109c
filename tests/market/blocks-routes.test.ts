// Blocks on embedded PGlite (blocks.suite.ts).
import { blocksSuite } from './blocks.suite.js';
import { holdsIdentity } from './holds-app.js';
import { startReviewApp } from './review-cases-app.js';

blocksSuite(() => startReviewApp(undefined, holdsIdentity));
