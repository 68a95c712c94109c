// The one place where tests build the API: a real database (in-memory PGlite, or a fresh
// database in the run's PostgreSQL cluster), migrated, optionally seeded, and `buildApp` over
// it with the test's doubles. Every route test opens its app here (`useApp` in a suite,
// `openTestApp` where a test needs several apps or opens one itself), so a change to how the
// app is composed is made once, here.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../server/app.js';
import { localPorts, type Ports } from '../../server/composition.js';
import type { Database } from '../../server/platform/db/database.js';
import { recordAnswers } from './answer-document-check.js';
import { openMigratedPglite } from './pglite-template.js';
import { fakeIdentity, recordingPublisher, startMarketDb, type RecordedEvent } from '../market/market-db.js';

/** The test's doubles: any port (the local stand-ins serve the rest) and the app's own settings. */
export interface TestAppOptions extends Partial<Ports>, Omit<BuildAppOptions, 'database' | 'ports'> {
  /** A database opened by the test (left open at close); by default a fresh one is opened here. */
  database?: Database;
  /**
   * A fresh database in the run's PostgreSQL cluster (the PostgreSQL fixture, startMarketDb)
   * instead of PGlite: the cluster's admin URL (`inject('postgresAdminUrl')`).
   */
  postgresAdminUrl?: string;
  poolSize?: number;
  /** Fills the migrated database before the app is built (e.g. `seedMarketplace`). */
  seed?: (database: Database) => Promise<unknown>;
  /** Records every realtime event the app publishes, checked against the contract. */
  events?: RecordedEvent[];
  /**
   * Checks every injected answer against the app's own API document when the app closes (status
   * listed, JSON body valid: answer-document-check.ts), so the document cannot drift from what
   * the route tests see. On unless a test turns it off, with a comment saying why (none does).
   */
  checkAnswers?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The step-up window of test apps that do not choose one: longer than any test run. */
const SUITE_STEP_UP_SECONDS = 6 * 60 * 60;

/** Opens a migrated database and the app over it; the identity is the `token-<name>` fake unless given. */
export async function openTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const {
    database: given,
    postgresAdminUrl,
    poolSize,
    seed,
    events,
    logger,
    rateLimitMax,
    realtime,
    stepUpSeconds,
    trustedProxy,
    checkAnswers = true,
    ...ports
  } = options;
  const cluster = postgresAdminUrl ? await startMarketDb(postgresAdminUrl) : null;
  let database = given;
  if (!database) {
    // Both come migrated: startMarketDb migrates its database, PGlite loads the migrated template.
    database = cluster ? await cluster.open(poolSize ?? 12) : await openMigratedPglite();
  }
  if (seed) await seed(database);
  const app = await buildApp({
    database,
    ports: localPorts(database, { identity: fakeIdentity, ...ports }),
    logger,
    rateLimitMax,
    realtime,
    // The suites share one emulator sign-in from the global set-up, which may be older than 15
    // minutes by the time a late suite runs; only the step-up tests ask for the real window.
    stepUpSeconds: stepUpSeconds ?? SUITE_STEP_UP_SECONDS,
    ...(trustedProxy ? { trustedProxy } : {}),
  });
  if (events) app.market.events.attach(recordingPublisher(events));
  const answers = checkAnswers ? recordAnswers(app) : null;
  const opened = database;
  return {
    app,
    database,
    close: async () => {
      const disagreements = (await answers?.check()) ?? [];
      await app.close();
      if (cluster) await cluster.stop();
      else if (!given) await opened.close();
      if (disagreements.length > 0) {
        throw new Error(`Answers the API document does not allow:\n${disagreements.join('\n')}`);
      }
    },
  };
}

/**
 * Opens the app before the tests of the calling suite and closes it after them. `opened` hands
 * the suite its app and database (and runs any further set-up of the suite).
 */
export function useApp(
  options: TestAppOptions | (() => TestAppOptions),
  opened: (testApp: TestApp) => unknown = () => undefined,
): void {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await openTestApp(typeof options === 'function' ? options() : options);
    await opened(testApp);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });
}
