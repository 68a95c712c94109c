// Applies the migrations in name order, each once, recorded in schema_migrations by file name.
// Each area keeps its own in `server/modules/<area>/migrations/`, platform's and the cross-cutting
// ones are in `./migrations/`; their numbers make one global order across the folders, so a
// file's folder never changes when it runs. Each file runs as one multi-statement script, which
// PostgreSQL executes as a single transaction, so a failing file leaves nothing half-applied.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { schemaMigrations } from './schema/index.js';
import { readRows, sqlRow } from './sql-row.js';

/** Any constant both nodes agree on: the lock id of "migrating the marketplace schema". */
const MIGRATION_LOCK = 7_340_001;
const PLATFORM_MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Read from the disk, not imported: platform still imports no module. */
const MODULES_DIR = fileURLToPath(new URL('../../modules/', import.meta.url));

export interface Migration {
  /** The file name: the key schema_migrations records, so a file may move between folders. */
  name: string;
  file: string;
  /**
   * The file this one was split from (its first line says `-- Split from <name>`): a database that
   * ran that file has this part already, so it is only recorded there, never run again.
   */
  splitFrom: string | null;
}

const SPLIT_FROM = /^-- Split from (\S+\.sql)\b/;

/** The folders that hold migrations: platform's, then each area's that has one. */
export function migrationFolders(): string[] {
  const areas = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(MODULES_DIR, entry.name, 'migrations'))
    .filter((folder) => existsSync(folder))
    .sort();
  return [PLATFORM_MIGRATIONS, ...areas];
}

/** Every migration of every folder, in the one order they run: by name. Names must be unique. */
export function migrations(): Migration[] {
  const found = new Map<string, Migration>();
  for (const folder of migrationFolders()) {
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.sql'))) {
      const file = path.join(folder, name);
      const known = found.get(name);
      if (known) throw new Error(`Two migrations are named ${name}: ${known.file} and ${file}`);
      const firstLine = readFileSync(file, 'utf8').split('\n', 1)[0] ?? '';
      found.set(name, { name, file, splitFrom: SPLIT_FROM.exec(firstLine)?.[1] ?? null });
    }
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

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
  for (const { name, file, splitFrom } of migrations()) {
    if (done.has(name)) continue;
    const quoted = `'${name.replace(/'/g, "''")}'`;
    if (splitFrom !== null && done.has(splitFrom)) {
      // The whole file ran here before it was split: this part is only recorded.
      await database.runScript(
        `INSERT INTO schema_migrations (name) VALUES (${quoted}) ON CONFLICT (name) DO NOTHING;`,
      );
      continue;
    }
    const script = readFileSync(file, 'utf8');
    // Two nodes starting together: the transaction-level lock makes the second wait, then its
    // INSERT of the same name fails and it knows the first one applied the file.
    const claim = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
INSERT INTO schema_migrations (name) VALUES (${quoted});`;
    try {
      await database.runScript(`${claim}\n${script}`);
    } catch (error) {
      if ((error as { code?: string }).code === '23505' && (await appliedNames(database)).has(name)) continue;
      throw error;
    }
    applied.push(name);
  }
  return applied;
}
