// `npm run stack`: the whole local back end in one command. Starts the Firebase Auth emulator,
// creates the demo accounts, migrates and (first run only) seeds the embedded database, starts
// the API on :4000, and stops everything on Ctrl-C / SIGTERM.
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../server/platform/auth/demo-accounts.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/platform/db/database.js';
import { migrate } from '../server/platform/db/migrate.js';
import { isSeeded, seedMarketplace } from '../server/seeding/seed.js';
import { seedReviewQueue } from '../server/seeding/seed-review-queue.js';
import { seedDemoBlocks } from '../server/seeding/seed-blocks.js';
import { seedDemoListingVersions } from '../server/seeding/seed-listing-versions.js';
import { seedDemoPolicy } from '../server/seeding/seed-policy.js';
import { seedDemoDispute } from '../server/seeding/seed-disputes.js';
import { seedDemoSellerLevels } from '../server/seeding/seed-seller-levels.js';
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
    await migrate(database);
    if (await isSeeded(database.db)) {
      console.log('Reusing the existing demo data.');
    } else {
      console.log('Seeding demo data (first run)…');
      console.log(await seedMarketplace(database.db, { users: 300, seed: 1 }));
      console.log(await seedReviewQueue(database.db));
      console.log(await seedDemoBlocks(database.db));
      console.log(await seedDemoListingVersions(database.db));
      console.log(await seedDemoPolicy(database.db));
      console.log(await seedDemoDispute(database.db));
      console.log(await seedDemoSellerLevels(database.db));
    }
    // The demo buyer is a marketplace user too, matched by firebaseId. The emulator keeps no
    // data between starts, so the account's uid is new each time: match the row by email.
    const email = DEMO_ACCOUNTS.buyer.email;
    await database.db.execute(
      sql`UPDATE users SET firebase_id = ${uids.buyer} WHERE lower(email) = ${email} AND deleted_at IS NULL`,
    );
    await database.db.execute(sql`
      INSERT INTO users (firebase_id, user_name, email)
      SELECT ${uids.buyer}, 'demo_buyer', ${email}
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = ${email} AND deleted_at IS NULL)`);
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
