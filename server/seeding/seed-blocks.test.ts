import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';
import { seedDemoBlocks } from './seed-blocks.js';

describe('seedDemoBlocks', () => {
  it('makes one domain block and one card block, each audited, once', async () => {
    const database = await openMigratedPglite();
    try {
      expect(await seedDemoBlocks(database.db)).toEqual({ blocks: 2 });
      const rows = await queryRows<{ kind: string; severity: string; audited: boolean }>(
        database.db,
        sql`SELECT kind, severity, EXISTS (SELECT 1 FROM admin_actions a WHERE a.record_type = 'block' AND a.record_id = b.id) AS audited
            FROM blocks b ORDER BY kind`,
      );
      expect(rows).toEqual([
        { kind: 'cardFingerprint', severity: 'trade', audited: true },
        { kind: 'emailDomain', severity: 'signUp', audited: true },
      ]);
      expect(await seedDemoBlocks(database.db)).toEqual({ blocks: 0 });
    } finally {
      await database.close();
    }
  });
});
