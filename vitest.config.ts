import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests: `*.test.ts` beside their modules and under tests/ (not e2e), in
// three projects by what they need from outside the process. Only the projects that need the
// Auth emulator or PostgreSQL start them (their globalSetup), so a run filtered to unit files
// starts neither. A file that calls `inject('adminToken' | 'postgresAdminUrl' …)` belongs to the
// project that provides it (tests/support/provided-context.ts).
const ALL = '{shared,main,preload,server,renderer,tests}/**/*.test.{ts,tsx}';

/** The Auth emulator's ID tokens, on embedded PGlite. */
const EMULATOR_FILES = [
  'tests/server/admin-api.pglite.test.ts',
  'tests/server/admin-export.pglite.test.ts',
  'tests/market/caller-cache.test.ts',
  'tests/market/email-verification.test.ts',
  'tests/desktop/api.integration.test.ts',
  'tests/realtime/simulator-admin-events.test.ts',
  'tests/server/step-up.pglite.test.ts',
  'tests/server/team.pglite.test.ts',
  'tests/realtime/revocation-two-nodes.test.ts',
  'tests/server/faults.pglite.test.ts',
];

/** A database in the run's throwaway PostgreSQL cluster (some of them with emulator tokens too). */
const POSTGRES_FILES = [
  'tests/server/admin-api.postgres.test.ts',
  'tests/server/list-cancel.test.ts',
  'tests/server/list-plans.test.ts',
  'tests/server/migrate.test.ts',
  'tests/server/pool-lost-connections.test.ts',
  'tests/server/replica.test.ts',
  'tests/server/search-names.test.ts',
  'tests/server/search-plans.test.ts',
  'tests/server/search-text.test.ts',
  'tests/server/seed-bulk.test.ts',
  'tests/market/*-postgres.test.ts',
  'tests/market/list-paging.test.ts',
  'tests/market/selling-routes.test.ts',
  'tests/market/two-nodes.test.ts',
  'tests/market/postgres-crash.test.ts',
  'tests/market/postgres-crash-stack.test.ts',
  'tests/benchmarks/bidding-bench.test.ts',
];

const EMULATOR_SETUP = 'tests/support/emulator-global-setup.ts';
const POSTGRES_SETUP = 'tests/support/postgres-global-setup.ts';

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    // One worker per core, not vitest's cores - 1: most files wait on PGlite, PostgreSQL or the
    // emulator, so on a 2-core machine a second worker cut the run from 426 s to 321 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // In-process only: pure rules, route tests on in-memory PGlite with the fake identity.
        test: { name: 'unit', include: [ALL], exclude: [...EMULATOR_FILES, ...POSTGRES_FILES] },
      },
      {
        extends: true,
        test: { name: 'pglite', include: EMULATOR_FILES, globalSetup: [EMULATOR_SETUP] },
      },
      {
        extends: true,
        test: { name: 'postgres', include: POSTGRES_FILES, globalSetup: [POSTGRES_SETUP, EMULATOR_SETUP] },
      },
    ],
  },
});
