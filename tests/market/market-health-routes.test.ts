// Market health on the embedded PGlite database (the suite: market-health.suite.ts).
import { marketHealthSuite } from './market-health.suite.js';

marketHealthSuite('pglite');
