// Starts the API: parse env, open and migrate the database, listen; close gracefully on
// SIGINT/SIGTERM so in-flight requests finish and the database is released.
import { buildApp, type RealtimeRegistration } from './app.js';
import { composePorts } from './composition.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { marketRealtime, startMarketWorkers } from './market-api.js';
import { batchedLogLines } from './platform/http/batched-log-lines.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, realtime?: RealtimeRegistration): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    replicaUrl: config.DATABASE_REPLICA_URL,
    pgliteDir: config.PGLITE_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  await migrate(database);
  // A line per request and per answer, written to stdout in batches rather than a write each.
  const logLines = batchedLogLines(process.stdout);
  const app = await buildApp({
    database,
    // Every port's adapter (payments, identity, SMS, labels, rates, media) is chosen in composition.ts.
    ports: composePorts(config, database),
    stepUpSeconds: config.ADMIN_STEP_UP_SECONDS,
    trustedProxy: config.TRUSTED_PROXY,
    logger: { level: config.NODE_ENV === 'production' ? 'info' : 'warn', stream: logLines },
    // Socket.IO on the API's port (Redis streams adapter when REDIS_URL is set), unless the caller brings its own.
    realtime: realtime ?? marketRealtime({ redisUrl: config.REDIS_URL }),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const marketWorkers = startMarketWorkers(app);
  return {
    url: `http://${config.HOST}:${config.PORT}/v1`,
    close: async () => {
      await marketWorkers.stop();
      await app.close();
      await database.close();
      logLines.flush();
    },
  };
}

function isMain(): boolean {
  return process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
}

if (isMain()) {
  const server = await startServer(loadConfig());
  console.log(`API listening on ${server.url}`);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
