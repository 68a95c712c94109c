// The admin API on a throwaway PostgreSQL 15 cluster (real row locks for concurrent refunds).
// test-needs: postgres
import { adminApiSuite } from './admin-api.suite.js';

adminApiSuite('postgres');
