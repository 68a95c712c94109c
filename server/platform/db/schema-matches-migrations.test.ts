// The Drizzle schema (schema/) and the migrations (every folder's, migrate.ts) describe the same database:
// one fresh database is migrated, another is built from the schema by drizzle-kit's own DDL
// (generateDrizzleJson + generateMigration from nothing), and PostgreSQL's catalogs of the two
// must agree on every table, column (type, nullability, default), constraint and index.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { migrate, migrations } from './migrate.js';
import { readSchemaCatalog, type SchemaCatalog } from './schema-catalog.js';
import * as schema from './schema/index.js';

/** The `CREATE FUNCTION name … $$;` statement of a migration file. */
function functionOf(name: string, file: string): string {
  const migration = migrations().find((each) => each.name === file);
  if (!migration) throw new Error(`no migration is named ${file}`);
  const text = readFileSync(migration.file, 'utf8');
  const statement = new RegExp(`CREATE (?:OR REPLACE )?FUNCTION ${name}\\b[\\s\\S]*?\\$\\$;`).exec(text)?.[0];
  if (!statement) throw new Error(`${file} defines no function ${name}`);
  return statement;
}

const PROTOTYPES = [Array.prototype, String.prototype, Object.prototype, Function.prototype];

/**
 * drizzle-kit's API, used and then forgotten. Importing it adds methods to the built-in
 * prototypes (`Array.prototype.random`, enumerable, so every `for…in` over an array then meets
 * it: zod's JSON Schemas and ajv's enums broke in the files that ran after this one in the same
 * test process). The additions are removed once the DDL is made.
 */
async function drizzleKitDdl(): Promise<string[]> {
  const before = PROTOTYPES.map((prototype) => new Set(Reflect.ownKeys(prototype)));
  try {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    return await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
  } finally {
    PROTOTYPES.forEach((prototype, index) => {
      for (const key of Reflect.ownKeys(prototype)) {
        if (!before[index]!.has(key)) Reflect.deleteProperty(prototype, key);
      }
    });
  }
}

/** What one catalog has and the other lacks, both ways, as readable lines. */
function difference(migrated: string[], described: string[]) {
  return {
    onlyInMigrations: migrated.filter((line) => !described.includes(line)),
    onlyInSchema: described.filter((line) => !migrated.includes(line)),
  };
}

describe('the Drizzle schema and the migrations', () => {
  const opened: Database[] = [];
  let migrated: SchemaCatalog;
  let described: SchemaCatalog;

  beforeAll(async () => {
    const fromMigrations = await openDatabase({ pgliteDir: 'memory://' });
    opened.push(fromMigrations);
    await migrate(fromMigrations);
    migrated = await readSchemaCatalog(fromMigrations.db);

    const fromSchema = await openDatabase({ pgliteDir: 'memory://' });
    opened.push(fromSchema);
    // The trigram operator class the search indexes use; the first migration creates it too.
    await fromSchema.runScript('CREATE EXTENSION IF NOT EXISTS pg_trgm;');
    // The function the short-term search indexes are built on, as migration 0040 defines it.
    await fromSchema.runScript(functionOf('short_grams', '0040_short_search_terms.sql'));
    // The canonical email the ring's email link compares, as migration 0087 defines it.
    await fromSchema.runScript(functionOf('canonical_email', '0087_canonical_email_inlined.sql'));
    const statements = await drizzleKitDdl();
    await fromSchema.runScript(statements.join(';\n'));
    described = await readSchemaCatalog(fromSchema.db);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });

  it('name the same tables', () => {
    expect(migrated.tables.length).toBeGreaterThan(30);
    expect(difference(migrated.tables, described.tables)).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });

  it('give every column the same type, nullability and default', () => {
    expect(difference(migrated.columns, described.columns)).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });

  it('have the same primary keys, unique constraints, foreign keys and checks', () => {
    expect(difference(migrated.constraints, described.constraints)).toEqual({
      onlyInMigrations: [],
      onlyInSchema: [],
    });
  });

  it('have the same indexes', () => {
    expect(difference(migrated.indexes, described.indexes)).toEqual({ onlyInMigrations: [], onlyInSchema: [] });
  });
});
