// The local stack's demo database, made in one place for `npm run stack` and for the end-to-end
// web server (tests/e2e/real-stack/serve-real-stack.ts), which makes it once per run and gives
// each of its stacks a copy: migrated, seeded on a first start only, and the demo buyer linked to
// the Auth emulator's account.
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database.js';
import { migrate } from '../platform/db/migrate.js';
import { isSeeded, seedMarketplace } from './seed.js';
import { seedReviewQueue } from './seed-review-queue.js';
import { seedDemoBlocks } from './seed-blocks.js';
import { seedDemoListingVersions } from './seed-listing-versions.js';
import { seedDemoPolicy } from './seed-policy.js';
import { seedDemoDispute } from './seed-disputes.js';
import { seedDemoSellerLevels } from './seed-seller-levels.js';

export interface DemoBuyer {
  email: string;
  /** The buyer's uid in the Auth emulator, which keeps no data between starts. */
  uid: string;
}

/** Migrates, seeds an empty database, and links the demo buyer; says whether it seeded. */
export async function prepareDemoDatabase(
  database: Database,
  buyer: DemoBuyer,
  log: (line: unknown) => void = console.log,
): Promise<'seeded' | 'reused'> {
  await migrate(database);
  const seeded = await isSeeded(database.db);
  if (seeded) {
    log('Reusing the existing demo data.');
  } else {
    log('Seeding demo data (first run)…');
    log(await seedMarketplace(database.db, { users: 300, seed: 1 }));
    log(await seedReviewQueue(database.db));
    log(await seedDemoBlocks(database.db));
    log(await seedDemoListingVersions(database.db));
    log(await seedDemoPolicy(database.db));
    log(await seedDemoDispute(database.db));
    log(await seedDemoSellerLevels(database.db));
  }
  // The demo buyer is a marketplace user too, matched by firebaseId. The emulator's uid is new
  // each time it starts: match the row by email.
  const email = buyer.email.toLowerCase();
  await database.db.execute(
    sql`UPDATE users SET firebase_id = ${buyer.uid} WHERE lower(email) = ${email} AND deleted_at IS NULL`,
  );
  await database.db.execute(sql`
    INSERT INTO users (firebase_id, user_name, email)
    SELECT ${buyer.uid}, 'demo_buyer', ${email}
    WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = ${email} AND deleted_at IS NULL)`);
  return seeded ? 'reused' : 'seeded';
}
