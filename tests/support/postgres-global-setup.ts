// Vitest globalSetup of the PostgreSQL project (vitest.config.ts): one throwaway cluster per
// run; each test file makes a database of its own in it (startMarketDb in
// tests/market/market-db.ts, buildTestApp in test-app.ts). No binaries or
// SERVER_IT_POSTGRES=0: the URL is empty and the PostgreSQL suites skip.
import type { TestProject } from 'vitest/node';
import { postgresAvailable, startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import './provided-context.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('postgresAdminUrl', '');
  if (!postgresAvailable() || process.env.SERVER_IT_POSTGRES === '0') return async () => undefined;
  let cluster: PostgresCluster | null = null;
  try {
    cluster = await startPostgresCluster();
    project.provide('postgresAdminUrl', cluster.adminUrl);
  } catch (error) {
    console.warn(`[server integration] PostgreSQL cluster unavailable, its suites will skip: ${String(error)}`);
  }
  return async () => {
    await cluster?.stop();
  };
}
