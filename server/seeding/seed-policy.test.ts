import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/database.js';
import { seedDemoPolicy } from './seed-policy.js';
import { openMigratedPglite } from '../../tests/support/pglite-template.js';

describe('seedDemoPolicy', () => {
  it('makes one list and three rules in shadow, each audited and valid, once', async () => {
    const database = await openMigratedPglite();
    try {
      expect(await seedDemoPolicy(database.db)).toEqual({ lists: 1, rules: 3 });
      const rules = await queryRows<{ event: string; mode: string; audited: boolean }>(
        database.db,
        sql`SELECT event, mode, EXISTS (SELECT 1 FROM admin_actions a WHERE a.record_type = 'rule' AND a.record_id = r.id) AS audited
            FROM policy_rules r ORDER BY event, name`,
      );
      expect(rules).toEqual([
        { event: 'bid', mode: 'shadow', audited: true },
        { event: 'bid', mode: 'shadow', audited: true },
        { event: 'message', mode: 'shadow', audited: true },
      ]);
      expect(await seedDemoPolicy(database.db)).toEqual({ lists: 0, rules: 0 });
    } finally {
      await database.close();
    }
  });
});
