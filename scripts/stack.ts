// `npm run stack`: the whole local back end in one command. Starts the Firebase Auth emulator,
// creates the demo accounts, migrates and (first run only) seeds the embedded database, starts
// the API on :4000, and stops everything on Ctrl-C / SIGTERM.
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../server/platform/auth/demo-accounts.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/platform/db/database.js';
import { prepareDemoDatabase } from '../server/seeding/demo-database.js';
import { startServer } from '../server/server.js';
import { EMULATOR_HOST, PROJECT_ID, WEB_API_KEY, startAuthEmulator } from './auth-emulator.js';

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= EMULATOR_HOST;
process.env.FIREBASE_PROJECT_ID ??= PROJECT_ID;
const config = loadConfig();

console.log('Starting the Firebase Auth emulator…');
const emulator = await startAuthEmulator();
let stopping = false;
async function stop(code: number): Promise<never> {
  stopping = true;
  await emulator.stop().catch(() => undefined);
  process.exit(code);
}

try {
  const uids = await ensureDemoAccounts(config.FIREBASE_PROJECT_ID, EMULATOR_HOST);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await prepareDemoDatabase(database, { email: DEMO_ACCOUNTS.buyer.email, uid: uids.buyer });
  } finally {
    await database.close();
  }

  const server = await startServer(config);
  const signIn = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${WEB_API_KEY}`;
  console.log(`
Market stack is up.
  API            ${server.url}   (health: ${server.url}/health, OpenAPI: ${server.url}/docs/json)
  Auth emulator  http://${EMULATOR_HOST}   project ${config.FIREBASE_PROJECT_ID}, web API key ${WEB_API_KEY}${emulator.logFile ? `\n                 log ${emulator.logFile}` : '   (reused, not started here)'}
  Database       ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.PGLITE_DIR}`}
  Admin          ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}
  Buyer          ${DEMO_ACCOUNTS.buyer.email} / ${DEMO_ACCOUNTS.buyer.password}
  Moderator      ${DEMO_ACCOUNTS.moderator.email} / ${DEMO_ACCOUNTS.moderator.password}   (adminRole moderator)
  Finance        ${DEMO_ACCOUNTS.finance.email} / ${DEMO_ACCOUNTS.finance.password}   (adminRole finance)

  Token:  curl -s '${signIn}' -H 'content-type: application/json' \\
            -d '{"email":"${DEMO_ACCOUNTS.admin.email}","password":"${DEMO_ACCOUNTS.admin.password}","returnSecureToken":true}'
  Then:   curl -s ${server.url}/admin/users -H "authorization: Bearer <idToken>"

Ctrl-C stops everything.`);

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the API and the emulator…`);
    server
      .close()
      .catch((error: unknown) => console.error(error))
      .finally(() => {
        stopping = false;
        void stop(0);
      });
  };
  // `on`, not `once`: a process group's signal arrives again through npm and tsx, and a second
  // SIGTERM without a handler would kill us mid-shutdown and orphan the Auth emulator.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  console.error(error);
  await stop(1);
}
