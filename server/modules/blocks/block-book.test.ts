// The book of another node: a block written elsewhere is not seen while the book is fresh, is
// looked for in the background once it is a second old, and waited for once it is four. An
// account's identifiers are kept the same way: a check on a warm account sends no query.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Executor } from '../../platform/db/database.js';
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

  describe('the accounts’ identifiers', () => {
    let warmId: string;
    let statements = 0;
    /** The database, counting what is sent through it. */
    const counted = (): Executor => ({
      execute: ((query: SQL) => {
        statements += 1;
        return database.db.execute(query);
      }) as Executor['execute'],
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

    beforeAll(async () => {
      const [row] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO users (user_name, email) VALUES ('warmy', 'warmy@warm.test') RETURNING id`,
      );
      warmId = row!.id;
      // Some block in force, none of them the account's: identifiers are read only while one is.
      await database.db.execute(
        sql`INSERT INTO blocks (kind, value, severity, reason, created_by_uid)
            VALUES ('deviceToken', 'nobody-has-this', 'trade', 'bench', 'uid-here')`,
      );
    });

    it('a check on an account read less than REFRESH_AFTER_MS ago sends no query', async () => {
      let clock = 9_000_000;
      const book = createBlockBook(counted(), () => clock);
      expect(await book.matchesOf(warmId)).toEqual([]);
      const afterFirst = statements;
      for (let check = 0; check < 20; check += 1) {
        clock += REFRESH_AFTER_MS / 40;
        expect(await book.matchesOf(warmId)).toEqual([]);
      }
      expect(statements).toBe(afterFirst);
    });

    it('an identifier written on another node counts within STALE_AFTER_MS, read behind the checks', async () => {
      let clock = 20_000_000;
      const book = createBlockBook(counted(), () => clock);
      expect(await book.matchesOf(warmId)).toEqual([]);
      // Another node saves the account a device the blocks name.
      await database.db.execute(
        sql`INSERT INTO device_token_holders (token, user_id) VALUES ('nobody-has-this', ${warmId})`,
      );
      clock += REFRESH_AFTER_MS + 1;
      // This check answers from memory and starts the read; the next one sees what it read.
      expect(await book.matchesOf(warmId)).toEqual([]);
      await settle();
      expect((await book.matchesOf(warmId)).map((block) => block.value)).toEqual(['nobody-has-this']);
      await database.db.execute(sql`DELETE FROM device_token_holders WHERE user_id = ${warmId}`);

      // An account not checked for STALE_AFTER_MS is read before its check answers.
      clock += STALE_AFTER_MS;
      expect(await book.matchesOf(warmId)).toEqual([]);
    });

    it('an account that wrote through this node is read afresh at its next check (forget)', async () => {
      const clock = 30_000_000;
      const book = createBlockBook(counted(), () => clock);
      expect(await book.matchesOf(warmId)).toEqual([]);
      await database.db.execute(
        sql`INSERT INTO device_token_holders (token, user_id) VALUES ('nobody-has-this', ${warmId})`,
      );
      expect(await book.matchesOf(warmId)).toEqual([]);
      book.forget(warmId);
      expect((await book.matchesOf(warmId)).map((block) => block.value)).toEqual(['nobody-has-this']);
      await database.db.execute(sql`DELETE FROM device_token_holders WHERE user_id = ${warmId}`);
    });
  });
});
