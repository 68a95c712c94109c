// Rings of linked accounts on PostgreSQL (rings.suite.ts).
import { describe } from 'vitest';

import { startMarketDb } from './market-db.js';
import { ringsSuite } from './rings.suite.js';
import { canRun } from '../support/service-skips.js';

describe.skipIf(!canRun('postgres'))('rings on PostgreSQL', () => {
  ringsSuite(async () => {
    const pg = await startMarketDb();
    return { database: await pg.open(10), close: () => pg.stop() };
  });
});
