// The short-term plan choice reads the short-gram indexes' statistics: after ANALYZE, a letter in
// every email is common there (walked to), a pair in no row is not (looked up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from './database.js';
import { openMigratedPglite } from '../../../tests/support/pglite-template.js';
import { commonGramColumns } from './term-statistics.js';

describe('commonGramColumns', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
    await database.runScript(`INSERT INTO users (user_name, email)
      SELECT 'someone_' || i, 'someone' || i || '@example.test' FROM generate_series(1, 300) i;
      ANALYZE users;`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('tells the columns where every gram of a short term is common', async () => {
    const columns = ['users.user_name', 'users.email'];
    expect(await commonGramColumns(database.db, columns, ['e'])).toEqual(new Set(columns));
    expect(await commonGramColumns(database.db, columns, ['@e'])).toEqual(new Set(['users.email']));
    expect(await commonGramColumns(database.db, columns, ['qz'])).toEqual(new Set());
    expect(await commonGramColumns(database.db, columns, ['e', 'qz'])).toEqual(new Set());
  });
});
