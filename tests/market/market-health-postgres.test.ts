// Market health on a database of the run's PostgreSQL cluster (the suite: market-health.suite.ts).
import { describe, inject } from 'vitest';
import { marketHealthSuite } from './market-health.suite.js';

const postgresAdminUrl = inject('postgresAdminUrl');

if (postgresAdminUrl) marketHealthSuite('postgres', postgresAdminUrl);
else describe.skip('market health on postgres (no PostgreSQL binaries for a throwaway cluster)', () => undefined);
