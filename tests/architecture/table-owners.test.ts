// Each table has one owner (ARCHITECTURE.md, "Who owns which table"), and only its owner's code
// writes it: another area calls the owner's exported function in the same transaction, or the
// owner reacts to that area's hook. Every file of server/ is read: modules, platform (which owns
// only its own tables, and reaches the others' through ports), seeding and the wiring.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES, SERVER } from './module-graph.js';
import { declaredOwners, schemaTables, type TableWrite, tableWrites } from './table-writes.js';

const areas = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The one writer allowed beside the owners: the seeder's bulk load fills every table of a new database itself (COPY, the put-back). */
const MAY_WRITE_EVERY_TABLE = new Set(['seeding']);

const foreignWrites = (writes: TableWrite[], owners: Map<string, string>) =>
  writes
    .filter((write) => owners.get(write.table) !== write.area && !MAY_WRITE_EVERY_TABLE.has(write.area))
    .map((w) => `${w.area} writes ${w.table} (owner: ${owners.get(w.table) ?? 'none'}) in ${w.file}: ${w.how}`);

describe('who writes which table', () => {
  const owners = declaredOwners();

  it('gives every table of the schema one owner, an area or platform', () => {
    const tables = [...schemaTables().values()];
    expect(tables.filter((table) => !owners.has(table))).toEqual([]);
    expect([...owners.keys()].filter((table) => !tables.includes(table))).toEqual([]);
    expect([...new Set(owners.values())].filter((owner) => owner !== 'platform' && !areas.includes(owner))).toEqual([]);
  });

  it('lets only the owner write a table', () => {
    const writes = tableWrites();
    expect(writes.length).toBeGreaterThan(50);
    expect(foreignWrites(writes, owners)).toEqual([]);
  });

  // The scan must bite on each way of writing: raw SQL with and without an alias, an upsert, a
  // Drizzle call, a soft delete; and a table missing from the owners table.
  it('finds planted writes from outside the owner', () => {
    const file = path.join(MODULES, 'community/follows.ts');
    const planted = `${readFileSync(file, 'utf8')}
const a = sql\`UPDATE listings l SET title = 'x' WHERE l.id = \${id}\`;
const b = sql\`insert into orders (id) values (1) on conflict (id) do update set id = 1\`;
const c = sql\`DELETE FROM bids WHERE id = 1\`;
await db.update(users).set({ avatar: null });
await softDelete(db, 'chat_message', id, admin);
`;
    const found = foreignWrites(tableWrites(new Map([[file, planted]])), owners).map((line) => line.split(' in ')[0]);
    expect(found).toEqual([
      'community writes orders (owner: orders)',
      'community writes bids (owner: auctions)',
      'community writes listings (owner: listings)',
      'community writes users (owner: accounts)',
      'community writes chat_messages (owner: conversations)',
    ]);
    // A platform file is held to the owners too (platform owns only its own tables), and the seeder is not.
    const platformFile = path.join(SERVER, 'platform/db/admin-log.ts');
    const seederFile = path.join(SERVER, 'seeding/seed-people.ts');
    const plantedBoth = new Map([
      [platformFile, `${readFileSync(platformFile, 'utf8')}\nconst d = sql\`UPDATE users SET email = 'x'\`;\n`],
      [seederFile, `${readFileSync(seederFile, 'utf8')}\nconst e = sql\`UPDATE users SET email = 'x'\`;\n`],
    ]);
    expect(foreignWrites(tableWrites(plantedBoth), owners)).toEqual([
      'platform writes users (owner: accounts) in platform/db/admin-log.ts: UPDATE users SET',
    ]);
    const withoutFollows = new Map([...owners].filter(([table]) => table !== 'follows'));
    expect(foreignWrites(tableWrites(), withoutFollows)).toContainEqual(expect.stringContaining('owner: none'));
  });
});
