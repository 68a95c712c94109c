// Vitest globalSetup for the server integration tests: once per run, start (or reuse) the
// Auth emulator with the demo accounts and a throwaway PostgreSQL cluster, and hand the test
// files their ID tokens and the cluster URL. Runs filtered to other folders skip all of it.
import type { TestProject } from 'vitest/node';
import { ensureDemoAccounts, DEMO_ACCOUNTS } from '../../server/platform/auth/demo-accounts.js';
import { EMULATOR_HOST, PROJECT_ID, signIn, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { postgresAvailable, startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when the Auth emulator could not be started: integration suites skip. */
    adminToken: string;
    buyerToken: string;
    /** The demo admins with a scoped `adminRole` claim. */
    moderatorToken: string;
    financeToken: string;
    /** Empty when no PostgreSQL binaries are installed: the PostgreSQL suite skips. */
    postgresAdminUrl: string;
  }
}

/** True when the run is filtered to paths that contain no server integration test. */
function filteredAway(): boolean {
  const filters = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('-') && !['run', 'watch', 'related'].includes(arg));
  return filters.length > 0 && !filters.some((filter) => /server|^tests\/?$/.test(filter));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('adminToken', '');
  project.provide('buyerToken', '');
  project.provide('moderatorToken', '');
  project.provide('financeToken', '');
  project.provide('postgresAdminUrl', '');
  if (filteredAway() || process.env.SERVER_IT === '0') return async () => undefined;

  let emulator: AuthEmulator | null = null;
  let cluster: PostgresCluster | null = null;
  try {
    emulator = await startAuthEmulator();
    await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
    project.provide('adminToken', (await signIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).idToken);
    project.provide('buyerToken', (await signIn(DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.buyer.password)).idToken);
    for (const name of ['moderator', 'finance'] as const) {
      const account = DEMO_ACCOUNTS[name];
      project.provide(`${name}Token`, (await signIn(account.email, account.password)).idToken);
    }
  } catch (error) {
    console.warn(`[server integration] Auth emulator unavailable, integration suites will skip: ${String(error)}`);
  }
  if (postgresAvailable() && process.env.SERVER_IT_POSTGRES !== '0') {
    try {
      cluster = await startPostgresCluster();
      project.provide('postgresAdminUrl', cluster.adminUrl);
    } catch (error) {
      console.warn(`[server integration] PostgreSQL cluster unavailable, its suite will skip: ${String(error)}`);
    }
  }
  return async () => {
    await cluster?.stop();
    await emulator?.stop();
  };
}
