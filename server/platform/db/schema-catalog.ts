// What PostgreSQL's own catalog says about the public schema, each fact one line of text in
// PostgreSQL's normal form (format_type, pg_get_expr, pg_get_constraintdef, pg_get_indexdef), so
// two databases built different ways can be compared line by line.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './database.js';
import { readRows } from './sql-row.js';

/** A catalog line: what pg_catalog's functions print (no table of ours has these columns). */
const CATALOG_LINE = z.object({ line: z.string() });

export interface SchemaCatalog {
  tables: string[];
  /** `table.column type [NOT NULL] [DEFAULT expr]` */
  columns: string[];
  /** `table constraint_name definition` (primary keys, uniques, foreign keys, checks) */
  constraints: string[];
  /** `CREATE [UNIQUE] INDEX …` for the indexes that back no constraint */
  indexes: string[];
}

export async function readSchemaCatalog(db: Executor): Promise<SchemaCatalog> {
  const tables = await readRows(
    db,
    z.object({ name: z.string() }),
    sql`SELECT c.relname AS name FROM pg_class c
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1`,
  );
  const columns = await readRows(
    db,
    CATALOG_LINE,
    sql`SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
               || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
               || COALESCE(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
          FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid
          LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
           AND a.attnum > 0 AND NOT a.attisdropped
         ORDER BY 1`,
  );
  const constraints = await readRows(
    db,
    CATALOG_LINE,
    sql`SELECT c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
         WHERE c.relnamespace = 'public'::regnamespace
         ORDER BY 1`,
  );
  const indexes = await readRows(
    db,
    CATALOG_LINE,
    sql`SELECT pg_get_indexdef(i.indexrelid) AS line
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
         WHERE c.relnamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
         ORDER BY 1`,
  );
  return {
    tables: tables.map((row) => row.name),
    columns: columns.map((row) => row.line),
    constraints: constraints.map((row) => row.line),
    indexes: indexes.map((row) => row.line),
  };
}
