// An admin action's unit of work: its admin events and after-commit effects leave only once the
// transaction has committed, in the order they were added; a failure leaves nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/database.js';
import { createAdminEvents } from './admin-events.js';
import { inAdminUnitOfWork } from './admin-unit-of-work.js';

describe('inAdminUnitOfWork', () => {
  let database: Database;
  const events = createAdminEvents();
  const seen: string[] = [];
  events.on('messageDeleted', ({ id }) => void seen.push(`messageDeleted ${id}`));

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.runScript('CREATE TABLE removed (id text PRIMARY KEY)');
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('emits the events and runs the effects after the commit, in order, and answers the work’s answer', async () => {
    seen.length = 0;
    const answer = await inAdminUnitOfWork({ db: database.db, events }, async (tx, outbox) => {
      await tx.execute(sql`INSERT INTO removed (id) VALUES ('a')`);
      outbox.emit('messageDeleted', { id: 'a' });
      outbox.afterCommit(() => void seen.push('cache forgotten'));
      // Nothing leaves while the transaction is open.
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual(['messageDeleted a', 'cache forgotten']);
  });

  it('leaves nothing when the work fails: no row, no event, no effect', async () => {
    seen.length = 0;
    await expect(
      inAdminUnitOfWork({ db: database.db, events }, async (tx, outbox) => {
        await tx.execute(sql`INSERT INTO removed (id) VALUES ('b')`);
        outbox.emit('messageDeleted', { id: 'b' });
        outbox.afterCommit(() => void seen.push('cache forgotten'));
        throw new Error('a step failed');
      }),
    ).rejects.toThrow('a step failed');
    expect(seen).toEqual([]);
    expect(await queryRows(database.db, sql`SELECT id FROM removed WHERE id = 'b'`)).toEqual([]);
  });
});
