// Vitest globalSetup of the PostgreSQL project (vitest.config.ts): one throwaway cluster per
// run, with a migrated template made here once (MIGRATED_TEMPLATE); each test file's database is
// a copy of it (startMarketDb in tests/market/market-db.ts, buildTestApp in test-app.ts). No
// binaries or SERVER_IT_POSTGRES=0: the URL is empty and the PostgreSQL suites skip, except where
// CI ran (CI=true): there a cluster that cannot start fails the run.
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import {
  createDatabase,
  MIGRATED_TEMPLATE,
  PG_BIN,
  postgresAvailable,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.js';
import './provided-context.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('postgresAdminUrl', '');
  if (process.env.SERVER_IT_POSTGRES === '0') return async () => undefined;
  // On CI a suite that skips is a suite that did not run: the run fails instead.
  if (!postgresAvailable()) {
    if (process.env.CI)
      throw new Error(`No PostgreSQL 15 binaries in ${PG_BIN}, and CI must not skip the PostgreSQL suites`);
    return async () => undefined;
  }
  let cluster: PostgresCluster | null = null;
  try {
    cluster = await startPostgresCluster();
    await makeMigratedTemplate(cluster.adminUrl);
    project.provide('postgresAdminUrl', cluster.adminUrl);
  } catch (error) {
    if (process.env.CI)
      throw new Error(`The PostgreSQL cluster did not start, and CI must not skip its suites: ${String(error)}`, {
        cause: error,
      });
    console.warn(`[server integration] PostgreSQL cluster unavailable, its suites will skip: ${String(error)}`);
  }
  return async () => {
    await cluster?.stop();
  };
}

/** The database every file's own is copied from (startMarketDb): migrated once, then closed to sessions. */
async function makeMigratedTemplate(adminUrl: string): Promise<void> {
  await createDatabase(adminUrl, MIGRATED_TEMPLATE);
  const template = await openDatabase({ databaseUrl: adminUrl.replace(/\/postgres$/, `/${MIGRATED_TEMPLATE}`) });
  try {
    await migrate(template);
  } finally {
    await template.close();
  }
  const admin = await openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    await admin.runScript(`ALTER DATABASE ${MIGRATED_TEMPLATE} WITH ALLOW_CONNECTIONS false`);
  } finally {
    await admin.close();
  }
}
