// Migrations apply once, also when several nodes start against one database at the same time.
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { createDatabase } from '../support/postgres-cluster.js';
import { canRun } from '../support/service-skips.js';

const postgresAdminUrl = inject('postgresAdminUrl');
const FILES = readdirSync(new URL('../../server/platform/db/migrations/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort();

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

  it.skipIf(!canRun('postgres'))('lets three nodes start together on one PostgreSQL database', async () => {
    const name = `market_migrate_${Date.now()}`;
    await createDatabase(postgresAdminUrl, name);
    const url = postgresAdminUrl.replace(/\/postgres$/, `/${name}`);
    const nodes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    try {
      const applied = await Promise.all(nodes.map((node) => migrate(node)));
      expect(applied.flat().sort()).toEqual(FILES);
      const rows = await queryRows<{ name: string }>(
        nodes[0]!.db,
        sql`SELECT name FROM schema_migrations ORDER BY name`,
      );
      expect(rows.map((row) => row.name)).toEqual(FILES);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
