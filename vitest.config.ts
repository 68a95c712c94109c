import { globSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { needsOfFile, projectFor, type ProjectName } from './tests/support/test-needs.js';

// Unit and integration tests: `*.test.ts` beside their modules and under tests/ (not e2e), in
// three projects by what they need from outside the process. Only the projects that need the
// Auth emulator or PostgreSQL start them (their globalSetup), so a run filtered to unit files
// starts neither. A file's project follows from its own text: the values it `inject`s, its
// PostgreSQL fixture or a `// test-needs:` marker (tests/support/test-needs.ts), never from a
// list kept by hand; tests/architecture/test-projects.test.ts holds every file to it.
const ALL = '{shared,main,preload,server,renderer,tests}/**/*.test.{ts,tsx}';
const TEST_FILES = ['shared', 'main', 'preload', 'server', 'renderer', 'tests']
  .flatMap((dir) => globSync(`${dir}/**/*.test.{ts,tsx}`))
  .filter((file) => !file.startsWith('tests/e2e/'))
  .sort();
const filesOf = (project: ProjectName) => TEST_FILES.filter((file) => projectFor(needsOfFile(file)) === project);

/** The Auth emulator's ID tokens, on embedded PGlite. */
const EMULATOR_FILES = filesOf('pglite');

/** A database in the run's throwaway PostgreSQL cluster (some of them with emulator tokens too). */
const POSTGRES_FILES = filesOf('postgres');

/** Every project opens migrated PGlite databases (the test app's): their template, made first. */
const PGLITE_TEMPLATE_SETUP = 'tests/support/pglite-template-global-setup.ts';
const EMULATOR_SETUP = 'tests/support/emulator-global-setup.ts';
const POSTGRES_SETUP = 'tests/support/postgres-global-setup.ts';

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    // Creating an in-memory PGlite database (initdb inside WebAssembly) took 12 to 23 s on a
    // 2-core machine under a load of 15: a set-up hook that opens one failed the default 10 s
    // (unit-of-work.test.ts in a full run). Hooks get the time a loaded machine needs.
    hookTimeout: 60_000,
    // One worker per core, not vitest's cores - 1: most files wait on PGlite, PostgreSQL or the
    // emulator, so on a 2-core machine a second worker cut the run from 426 s to 321 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // In-process only: pure rules, route tests on in-memory PGlite with the fake identity.
        test: {
          name: 'unit',
          // A worker runs its files one after another in one module graph, not each in a fresh
          // one: importing the app, zod's contract and PGlite for each of some 250 files was half
          // of the project's CPU (alone on a quiet machine: 475 CPU-s and 247 s isolated, 255 and
          // 135 s not). So a module's state outlives a file: test fixtures start their records
          // afresh in each file (market-app.ts …), a cache is kept per database
          // (term-statistics.ts), and a file that changes the process itself undoes it
          // (schema-matches-migrations.test.ts and drizzle-kit's prototypes).
          isolate: false,
          include: [ALL],
          exclude: [...EMULATOR_FILES, ...POSTGRES_FILES],
          globalSetup: [PGLITE_TEMPLATE_SETUP],
        },
      },
      {
        extends: true,
        test: { name: 'pglite', include: EMULATOR_FILES, globalSetup: [PGLITE_TEMPLATE_SETUP, EMULATOR_SETUP] },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_FILES,
          globalSetup: [PGLITE_TEMPLATE_SETUP, POSTGRES_SETUP, EMULATOR_SETUP],
        },
      },
    ],
  },
});
