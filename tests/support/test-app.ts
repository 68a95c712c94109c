// The API of the emulator-backed integration files, through the app fixture (app-fixture.ts):
// its own database (in-memory PGlite or a fresh database in the run's PostgreSQL cluster),
// migrated and seeded, with the real Firebase Auth emulator as identity provider.
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { openTestApp, type TestApp } from './app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from './auth-emulator.js';

export type { TestApp };
export type Driver = 'pglite' | 'postgres';

export const SEED = { users: 60, seed: 7 } as const;

export async function buildTestApp(driver: Driver, postgresAdminUrl: string): Promise<TestApp> {
  return openTestApp({
    ...(driver === 'postgres' ? { postgresAdminUrl } : {}),
    seed: (database) => seedMarketplace(database.db, SEED),
    identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    rateLimitMax: 100_000,
  });
}
