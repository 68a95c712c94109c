// The book of another node: a block written elsewhere is not seen while the book is fresh, is
// looked for in the background once it is a second old, and waited for once it is four.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/db/database.js';
import { openMigratedPglite } from '../../../tests/support/pglite-template.js';
import { createBlockBook, REFRESH_AFTER_MS, STALE_AFTER_MS } from './block-book.js';

describe('createBlockBook', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await openMigratedPglite();
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO users (user_name, email, phone_number) VALUES ('booky', 'booky@example.com', '+14155550155') RETURNING id`,
    );
    userId = row!.id;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('sees another node’s block within STALE_AFTER_MS, and its lift', async () => {
    let clock = 1_000_000;
    const book = createBlockBook(database.db, () => clock);
    expect(await book.matchesOf(userId)).toEqual([]);

    // Another node blocks the phone.
    const [made] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO blocks (kind, value, severity, reason, created_by_uid)
          VALUES ('phone', '+14155550155', 'trade', 'elsewhere', 'uid-other') RETURNING id`,
    );
    clock += REFRESH_AFTER_MS / 2;
    expect(await book.matchesOf(userId)).toEqual([]);
    clock += STALE_AFTER_MS;
    expect((await book.matchesOf(userId)).map((block) => block.id)).toEqual([made!.id]);

    // Another node lifts it: a check past the refresh age starts a look, and a later one sees it.
    await database.db.execute(sql`UPDATE blocks SET lifted_at = now() WHERE id = ${made!.id}`);
    clock += STALE_AFTER_MS + 1;
    expect(await book.matchesOf(userId)).toEqual([]);
  });

  it('a change on this node applies at the next check', async () => {
    const clock = 5_000_000;
    const book = createBlockBook(database.db, () => clock);
    expect(await book.matchesOf(userId)).toEqual([]);
    await database.db.execute(
      sql`INSERT INTO blocks (kind, value, severity, reason, created_by_uid)
          VALUES ('emailDomain', 'example.com', 'review', 'here', 'uid-here')`,
    );
    book.changed();
    expect((await book.matchesOf(userId)).map((block) => block.kind)).toEqual(['emailDomain']);
  });
});
