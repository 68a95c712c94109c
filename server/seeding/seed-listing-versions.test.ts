import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { seedDemoListingVersions } from './seed-listing-versions.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';

describe('seedDemoListingVersions', () => {
  it('gives one auction with bids three versions: two by its seller, then an admin’s; once', async () => {
    const database = await openMigratedPglite();
    try {
      expect(await seedDemoListingVersions(database.db)).toEqual({ listingVersions: 0 });
      const [seller] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO users (user_name, email) VALUES ('lampseller', 'lamp@market.test') RETURNING id`,
      );
      const [auction] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO listings (user_id, title, description, listing_type, starting_bid_cents, bid_count, end_time)
            VALUES (${seller!.id}, 'Brass lamp', 'Works.', 'auction', 2000, 1, now() + interval '2 days') RETURNING id`,
      );
      expect(await seedDemoListingVersions(database.db)).toEqual({ listingVersions: 3 });
      const versions = await queryRows<{ version: number; editor_id: string | null; changes: unknown }>(
        database.db,
        sql`SELECT version, editor_id, changes FROM listing_versions WHERE listing_id = ${auction!.id}
            ORDER BY created_at, version`,
      );
      const parsed = versions.map((row) => ({
        version: row.version,
        bySeller: row.editor_id === seller!.id,
        fields: (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as { field: string }[],
      }));
      expect(parsed.map(({ version, bySeller, fields }) => [version, bySeller, fields.map((f) => f.field)])).toEqual([
        [1, true, ['title', 'startingBid']],
        [2, true, ['description']],
        [3, false, ['title']],
      ]);
      const [listing] = await queryRows<{ starting_bid_cents: number | string; description: string }>(
        database.db,
        sql`SELECT starting_bid_cents, description FROM listings WHERE id = ${auction!.id}`,
      );
      expect(Number(listing!.starting_bid_cents)).toBe(2000);
      expect(listing!.description.startsWith('Works. ')).toBe(true);
      expect(await seedDemoListingVersions(database.db)).toEqual({ listingVersions: 0 });
    } finally {
      await database.close();
    }
  });
});
