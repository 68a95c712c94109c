// Chargebacks on PostgreSQL (disputes.suite.ts): the webhook's transaction, the dispute's row lock
// and the ledger entry on a real server's pooled connections.
import { describe } from 'vitest';
import { disputesSuite, startDisputesApp } from './disputes.suite.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const startOnPostgres = () => appOnPostgres((database) => startDisputesApp(database));

describe.skipIf(!canRun('postgres'))('disputes on PostgreSQL', () => {
  disputesSuite(startOnPostgres);
});
