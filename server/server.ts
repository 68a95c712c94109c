// Starts the API: parse env, open and migrate the database, listen; close gracefully on
// SIGINT/SIGTERM so in-flight requests finish and the database is released.
import { buildApp, type RealtimeRegistration } from './app.js';
import { firebaseIdentity } from './platform/auth/firebase-identity.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';
import { localListingTools } from './modules/listings/listing-tools-deps.js';
import { marketRealtime, startMarketWorkers } from './market-api.js';
import { selectCharges, selectPaymentAccounts, selectPayments } from './modules/payments/select-payments.js';
import { unavailableSms } from './modules/accounts/sms.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, realtime?: RealtimeRegistration): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  await migrate(database);
  const app = await buildApp({
    database,
    identity: firebaseIdentity({
      projectId: config.FIREBASE_PROJECT_ID,
      emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    payments: selectPayments(config.STRIPE_SECRET_KEY),
    paymentAccounts: selectPaymentAccounts(config.STRIPE_SECRET_KEY, database.db),
    charges: selectCharges(config.STRIPE_SECRET_KEY),
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    listingTools: localListingTools({
      uploadsDir: config.UPLOADS_DIR,
      signingSecret: config.UPLOADS_SIGNING_SECRET,
      publicApiUrl: config.PUBLIC_API_URL ?? `http://${config.HOST}:${config.PORT}/v1`,
      appLinkBaseUrl: config.APP_LINK_BASE_URL,
    }),
    logger: { level: config.NODE_ENV === 'production' ? 'info' : 'warn' },
    // Socket.IO on the API's port (Redis streams adapter when REDIS_URL is set), unless the caller brings its own.
    realtime: realtime ?? marketRealtime({ redisUrl: config.REDIS_URL }),
  });
  // No SMS provider adapter is configured yet: in production the phone routes answer 503 rather
  // than writing codes to the log as the local sender does.
  if (config.NODE_ENV === 'production') app.market.sms = unavailableSms();
  await app.listen({ port: config.PORT, host: config.HOST });
  const marketWorkers = startMarketWorkers(app);
  return {
    url: `http://${config.HOST}:${config.PORT}/v1`,
    close: async () => {
      await marketWorkers.stop();
      await app.close();
      await database.close();
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
