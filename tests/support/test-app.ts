// Builds the API for an integration test file: its own database (in-memory PGlite or a fresh
// database in the throwaway PostgreSQL cluster), migrated and seeded, with the real Firebase
// Auth emulator as identity provider.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { EMULATOR_HOST, PROJECT_ID } from './auth-emulator.js';
import { createDatabase } from './postgres-cluster.js';

export type Driver = 'pglite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export const SEED = { users: 60, seed: 7 } as const;

export async function buildTestApp(driver: Driver, postgresAdminUrl: string): Promise<TestApp> {
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    const name = `market_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await createDatabase(postgresAdminUrl, name);
    databaseUrl = postgresAdminUrl.replace(/\/postgres$/, `/${name}`);
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://', poolSize: 12 });
  await migrate(database);
  await seedMarketplace(database.db, SEED);
  const app = await buildApp({
    database,
    ports: localPorts(database, { identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }) }),
    rateLimitMax: 100_000,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
