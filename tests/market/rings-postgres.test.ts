// Rings of linked accounts on PostgreSQL (rings.suite.ts).
import { describe } from 'vitest';
import { postgresAvailable } from '../support/postgres-cluster.js';
import { startMarketDb } from './market-db.js';
import { ringsSuite } from './rings.suite.js';

describe.skipIf(!postgresAvailable())('rings on PostgreSQL', () => {
  ringsSuite(async () => {
    const pg = await startMarketDb();
    return { database: await pg.open(10), close: () => pg.stop() };
  });
});
