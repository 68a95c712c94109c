// Migrations apply once, also when several nodes start against one database at the same time, and
// a database migrated before the migrations moved into their areas' folders (and four files were
// split by owner) runs nothing again and misses nothing.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate, migrations } from '../../server/platform/db/migrate.js';
import { readSchemaCatalog } from '../../server/platform/db/schema-catalog.js';
import { createDatabase } from '../support/postgres-cluster.js';

const postgresAdminUrl = inject('postgresAdminUrl');
const FILES = migrations().map((migration) => migration.name);

/**
 * The names schema_migrations holds in every database migrated before the move (developers'
 * `.data/pglite`, the benchmark's cluster, deployed PostgreSQL): one folder, 42 files. Never edit:
 * it is the record those databases keep.
 */
const OLD_LAYOUT = [
  '0001_marketplace.sql',
  '0002_market.sql',
  '0003_auction_ending_soon.sql',
  '0004_order_fulfilment.sql',
  '0005_accounts.sql',
  '0006_listing_tools.sql',
  '0007_payment_accounts.sql',
  '0008_shipping_documents.sql',
  '0009_guest_accounts.sql',
  '0010_order_quantity.sql',
  '0011_ledger_charge_declines.sql',
  '0012_stripe_webhook_events.sql',
  '0013_chat_blocker.sql',
  '0014_auction_leaders_from_bids.sql',
  '0015_address_country_us.sql',
  '0016_list_indexes.sql',
  '0017_list_totals.sql',
  '0020_review_cases.sql',
  '0021_review_case_subjects.sql',
  '0024_accountability.sql',
  '0025_new_bidders_by_join_date.sql',
  '0026_live_users_by_join_date.sql',
  '0030_market_days.sql',
  '0040_short_search_terms.sql',
  '0045_review_queue_team.sql',
  '0050_rings.sql',
  '0051_leading_bids.sql',
  '0055_voided_bids.sql',
  '0058_listing_holds.sql',
  '0059_order_payouts.sql',
  '0070_search_probe_indexes.sql',
  '0071_list_walks.sql',
  '0075_order_search_names.sql',
  '0076_rating_search_names.sql',
  '0077_conversation_search_names.sql',
  '0080_canonical_email_statistics.sql',
  '0082_device_token_holders.sql',
  '0083_sign_in_once.sql',
  '0084_lowered_search_names.sql',
  '0085_search_statistics.sql',
  '0086_short_grams_bytewise.sql',
  '0087_canonical_email_inlined.sql',
];

/** An old file's text: the file itself where it only moved, its parts in order where it was split. */
function oldScript(name: string): string {
  const parts = migrations().filter((migration) => migration.name === name || migration.splitFrom === name);
  if (parts.length === 0) throw new Error(`${name} is neither a migration nor split into any`);
  return parts.map((part) => readFileSync(part.file, 'utf8')).join('\n');
}

/** A database as the old migrate left it after the old files up to `last`, each recorded by its name. */
async function migratedTheOldWay(last: string): Promise<Database> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.runScript(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
  );
  for (const name of OLD_LAYOUT.filter((old) => old <= last)) {
    await database.runScript(`INSERT INTO schema_migrations (name) VALUES ('${name}');\n${oldScript(name)}`);
  }
  return database;
}

const recorded = async (database: Database) =>
  (await queryRows<{ name: string }>(database.db, sql`SELECT name FROM schema_migrations ORDER BY name`)).map(
    (row) => row.name,
  );

describe('migrate', () => {
  it('applies every file once on PGlite and does nothing the second time', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      expect(await migrate(database)).toEqual(FILES);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('runs the folders in one order, by name, each name once', () => {
    expect(FILES).toEqual([...FILES].sort());
    expect(new Set(FILES).size).toBe(FILES.length);
    // Every split part names a file of the old layout, and sorts where that file did.
    for (const { name, splitFrom } of migrations().filter((migration) => migration.splitFrom !== null)) {
      expect(OLD_LAYOUT).toContain(splitFrom);
      expect(name.startsWith(splitFrom!.replace(/\.sql$/, '_'))).toBe(true);
    }
  });

  // Up to a file split later (0040: 0045 and 0050 not yet run) and up to the last one.
  it.each(['0040_short_search_terms.sql', '0087_canonical_email_inlined.sql'])(
    'runs nothing again on a database of the old layout migrated up to %s, and misses nothing',
    async (last) => {
      const old = await migratedTheOldWay(last);
      const fresh = await openDatabase({ pgliteDir: 'memory://' });
      try {
        const ranBefore = new Set(OLD_LAYOUT.filter((name) => name <= last));
        const alreadyThere = migrations().filter(
          (migration) => ranBefore.has(migration.name) || ranBefore.has(migration.splitFrom ?? ''),
        );
        const applied = await migrate(old);
        expect(applied).toEqual(FILES.filter((name) => !alreadyThere.some((there) => there.name === name)));
        // The split parts the old files held are recorded under their own names too.
        expect(await recorded(old)).toEqual([...new Set([...ranBefore, ...FILES])].sort());
        expect(await migrate(old)).toEqual([]);
        // And the database is the one a fresh migrate builds: tables, columns, keys, indexes.
        await migrate(fresh);
        expect(await readSchemaCatalog(old.db)).toEqual(await readSchemaCatalog(fresh.db));
      } finally {
        await Promise.all([old.close(), fresh.close()]);
      }
    },
    60_000,
  );

  it.skipIf(!postgresAdminUrl)('lets three nodes start together on one PostgreSQL database', async () => {
    const name = `market_migrate_${Date.now()}`;
    await createDatabase(postgresAdminUrl, name);
    const url = postgresAdminUrl.replace(/\/postgres$/, `/${name}`);
    const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    try {
      const applied = await Promise.all(nodes.map((node) => migrate(node)));
      expect(applied.flat().sort()).toEqual(FILES);
      expect(await recorded(nodes[0]!)).toEqual(FILES);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
