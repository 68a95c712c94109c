// What seller levels do, on embedded PGlite (seller-level-effects.suite.ts).
import { holdsIdentity } from './holds-app.js';
import { sellerLevelEffectsSuite } from './seller-level-effects.suite.js';
import { startReviewApp } from './review-cases-app.js';

sellerLevelEffectsSuite(() => startReviewApp(undefined, holdsIdentity));
