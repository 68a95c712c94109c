// Who writes which table, read from the code, and who owns it, read from ARCHITECTURE.md ("Who
// owns which table"): the architecture test compares the two.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { areaOf, SERVER, sourceFiles } from './module-graph.js';

export const ARCHITECTURE_MD = path.resolve(SERVER, '../ARCHITECTURE.md');
const SCHEMA = path.join(SERVER, 'platform/db/schema');

/** Every table the Drizzle schema declares, by the name of its variable (`users` → `users`). */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(SCHEMA)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(match[1]!, match[2]!);
  }
  return tables;
}

/**
 * The owners table of ARCHITECTURE.md: each row `| owner | \`table\`, \`table\` | … |` under the
 * heading "Who owns which table". An owner is an area of server/modules or `platform`.
 */
export function declaredOwners(markdown = readFileSync(ARCHITECTURE_MD, 'utf8')): Map<string, string> {
  const start = markdown.indexOf('### Who owns which table');
  if (start < 0) throw new Error('ARCHITECTURE.md has no "### Who owns which table" section');
  const end = markdown.indexOf('\n#', start + 4);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const owners = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const owner = /^`([\w-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!owner || cells.length < 4) continue;
    for (const table of (cells[2] ?? '').matchAll(/`(\w+)`/g)) {
      const known = owners.get(table[1]!);
      if (known && known !== owner) throw new Error(`${table[1]} has two owners: ${known} and ${owner}`);
      owners.set(table[1]!, owner);
    }
  }
  return owners;
}

/** Comments say "update" and "insert" in prose; only code writes. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The soft-delete kinds of platform/db/soft-delete.ts and the tables they write. */
function softDeleteTables(): Map<string, string> {
  const text = readFileSync(path.join(SERVER, 'platform/db/soft-delete.ts'), 'utf8');
  return new Map([...text.matchAll(/(\w+): \{ table: '(\w+)'/g)].map((m) => [m[1]!, m[2]!]));
}

/**
 * Who a file of `server/` writes as: its area under `modules/`, `platform` under `platform/`,
 * `seeding` under `seeding/`, and `server` for the files that wire them (they own nothing).
 */
export function writerOf(file: string): string {
  const area = areaOf(file);
  if (area) return area;
  const top = path.relative(SERVER, file).split(path.sep);
  return top.length > 1 && (top[0] === 'platform' || top[0] === 'seeding') ? top[0] : 'server';
}

export interface TableWrite {
  /** The area, or `platform`, `seeding`, `server` (writerOf). */
  area: string;
  file: string;
  table: string;
  how: string;
}

/**
 * Every table a file of `server/` writes (modules, platform, seeding and the files that wire them): raw SQL `INSERT INTO t`, `UPDATE t SET`
 * (with or without an alias), `DELETE FROM t` (an upsert's `ON CONFLICT … DO UPDATE` writes the
 * INSERT's table), Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` on a schema table, and
 * `softDelete(…, 'kind', …)`. `texts` overrides a file's text, so a test can plant a write.
 */
export function tableWrites(texts: ReadonlyMap<string, string> = new Map()): TableWrite[] {
  const drizzleTables = schemaTables();
  const softDeleted = softDeleteTables();
  const writes: TableWrite[] = [];
  for (const file of sourceFiles(SERVER)) {
    const area = writerOf(file);
    const text = withoutComments(texts.get(file) ?? readFileSync(file, 'utf8'));
    const found = (table: string, how: string) =>
      writes.push({ area, file: path.relative(SERVER, file), table: table.toLowerCase(), how });
    for (const m of text.matchAll(/\bINSERT\s+INTO\s+(\w+)/gi)) found(m[1]!, m[0]);
    for (const m of text.matchAll(/\bDELETE\s+FROM\s+(\w+)/gi)) found(m[1]!, m[0]);
    for (const m of text.matchAll(/\bUPDATE\s+(\w+)(?:\s+(?:AS\s+)?\w+)?\s+SET\b/gi)) found(m[1]!, m[0]);
    for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
      const table = drizzleTables.get(m[2]!);
      if (table) found(table, m[0]);
    }
    for (const m of text.matchAll(/\bsoftDelete\([^,]+,\s*'(\w+)'/g)) {
      const table = softDeleted.get(m[1]!);
      if (table) found(table, m[0]);
    }
  }
  return writes;
}
