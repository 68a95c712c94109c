// Chargebacks on PostgreSQL (disputes.suite.ts): the webhook's transaction, the dispute's row lock
// and the ledger entry on a real server's pooled connections.
import { describe } from 'vitest';
import { disputesSuite, type DisputesApp, startDisputesApp } from './disputes.suite.js';
import { startMarketDb } from './market-db.js';
import { canRun } from '../support/service-skips.js';

async function startOnPostgres(): Promise<DisputesApp> {
  const pg = await startMarketDb();
  const app = await startDisputesApp(await pg.open(8));
  return {
    ...app,
    close: async () => {
      await app.close();
      await pg.stop();
    },
  };
}

describe.skipIf(!canRun('postgres'))('disputes on PostgreSQL', () => {
  disputesSuite(startOnPostgres);
});
