// The admin API on the embedded PGlite database.
// test-needs: auth-emulator
import { adminApiSuite } from './admin-api.suite.js';

adminApiSuite('pglite');
