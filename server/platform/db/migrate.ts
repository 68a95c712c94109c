// Applies migrations/*.sql in name order, each once, recorded in schema_migrations. Each file
// runs as one multi-statement script, which PostgreSQL executes as a single transaction,
// so a failing file leaves nothing half-applied.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { schemaMigrations } from './schema/index.js';
import { readRows, sqlRow } from './sql-row.js';

/** Any constant both nodes agree on: the lock id of "migrating the marketplace schema". */
const MIGRATION_LOCK = 7_340_001;
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

async function appliedNames(database: Database): Promise<Set<string>> {
  const rows = await readRows(database.db, sqlRow(schemaMigrations, 'name'), sql`SELECT name FROM schema_migrations`);
  return new Set(rows.map((row) => row.name));
}

export async function migrate(database: Database): Promise<string[]> {
  // Under the same lock: concurrent CREATE TABLE IF NOT EXISTS can still collide in the catalog.
  await database.runScript(
    `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const done = await appliedNames(database);
  const applied: string[] = [];
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    if (done.has(file)) continue;
    const script = readFileSync(MIGRATIONS_DIR + file, 'utf8');
    // Two nodes starting together: the transaction-level lock makes the second wait, then its
    // INSERT of the same name fails and it knows the first one applied the file.
    const claim = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');`;
    try {
      await database.runScript(`${claim}\n${script}`);
    } catch (error) {
      if ((error as { code?: string }).code === '23505' && (await appliedNames(database)).has(file)) continue;
      throw error;
    }
    applied.push(file);
  }
  return applied;
}
