// A migrated in-memory PGlite database for a test, loaded from a template instead of made anew.
// Making one is initdb inside WebAssembly plus every migration: 7 to 14 s on the 2-core machine
// under a full run's load, where loading the same data directory from a tarball takes 1 to 3 s.
// The first test process that needs one migrates a database, dumps its data directory
// (`dumpDataDir`) to a file in the OS temp folder and every later one loads that file
// (`loadDataDir`). The file's name is a hash of every migration's name and text and of PGlite's
// version, so a changed or added migration makes a new template and a stale one is never loaded.
// Tests of the migrations themselves (migrate.test.ts, schema-matches-migrations.test.ts) still
// open an empty database and migrate it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import * as schema from '../../server/platform/db/schema/index.js';
import { migrate, migrations } from '../../server/platform/db/migrate.js';

const TEMPLATE_PREFIX = 'market-pglite-template-';

function pgliteVersion(): string {
  // Read from the disk: the package's exports do not include its package.json.
  const manifest = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url));
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The template's file: named by what it was made from, so any change to that makes a new one. */
export function templateFile(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const { name, file } of migrations()) hash.update(`${name}\n`).update(readFileSync(file)).update('\n');
  return path.join(tmpdir(), `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 20)}.tar`);
}

function readTemplate(file: string): Blob | null {
  try {
    return new Blob([readFileSync(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the template whole or not at all: a process that reads it never sees half a file. */
function writeTemplate(file: string, data: Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
  // Templates of older migrations are 40 MB each and never loaded again.
  for (const entry of readdirSync(path.dirname(file))) {
    const old = path.join(path.dirname(file), entry);
    if (entry.startsWith(TEMPLATE_PREFIX) && entry.endsWith('.tar') && old !== file) rmSync(old, { force: true });
  }
}

/**
 * The template, made now if this run has none yet. The vitest projects' global set-up
 * (pglite-template-global-setup.ts) calls it before any test file runs, so no test's own time-out
 * pays for making it; a process without that set-up (a benchmark) makes it on first use.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = templateFile();
  const made = readTemplate(file);
  if (made) return made;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrate(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeTemplate(file, new Uint8Array(await dump.arrayBuffer()));
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * The same Database as `openDatabase({ pgliteDir: 'memory://' })` (database.ts) followed by
 * `migrate`, its data directory loaded from the template: in memory, or in the empty folder
 * `dataDir` (the end-to-end stacks' demo database, serve-real-stack.ts).
 */
export async function openMigratedPglite(dataDir = 'memory://'): Promise<Database> {
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: await migratedTemplate() });
  const db = drizzle({ client, schema }) as unknown as Database['db'];
  return {
    db,
    reads: db,
    driver: 'pglite',
    runScript: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}
