// The admin API on the embedded PGlite database.
import { adminApiSuite } from './admin-api.suite.js';

adminApiSuite('pglite');
