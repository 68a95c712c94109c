import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { refusedTextOf } from './refused-text.js';

describe('refusedTextOf', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  const failure = (query: ReturnType<typeof sql>) =>
    database.db.execute(query).then(
      () => {
        throw new Error('the query was expected to fail');
      },
      (error: unknown) => error,
    );

  it('knows the driver error of a U+0000 in a bound value (22021)', async () => {
    expect(refusedTextOf(await failure(sql`SELECT ${'a\u0000b'}::text`))).toBe(true);
  });

  it('knows the driver error of text that is not the type asked for (22P02)', async () => {
    expect(refusedTextOf(await failure(sql`SELECT ${'seven'}::int`))).toBe(true);
  });

  it('leaves every other error alone', async () => {
    expect(refusedTextOf(await failure(sql`SELECT * FROM no_such_table`))).toBe(false);
    expect(refusedTextOf(new Error('boom'))).toBe(false);
    expect(refusedTextOf(null)).toBe(false);
  });

  it('looks through the causes drizzle wraps around the driver error', () => {
    expect(refusedTextOf(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '22P05' }) }))).toBe(
      true,
    );
  });
});
