// The unit of work publishes what a transaction caused only once it has committed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/database.js';
import type { PendingEvent } from './pending-events.js';
import { inUnitOfWork } from './unit-of-work.js';

describe('inUnitOfWork', () => {
  let database: Database;
  const published: PendingEvent[][] = [];
  const events = { publish: (batch: readonly PendingEvent[]) => void published.push([...batch]) };
  const deletion = (id: string): PendingEvent =>
    ({ kind: 'admin', name: 'messageDeleted', payload: { id } }) as PendingEvent;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await database.runScript('CREATE TABLE notes (id text PRIMARY KEY)');
  });
  afterAll(async () => {
    await database.close();
  });

  it('publishes the events after the commit, and answers what the work answered', async () => {
    published.length = 0;
    const answer = await inUnitOfWork({ db: database.db, events }, async (tx, outbox) => {
      await tx.execute(sql`INSERT INTO notes (id) VALUES ('a')`);
      outbox.add(deletion('a'));
      outbox.add(deletion('b'));
      // Nothing leaves while the transaction is open.
      expect(published).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(published).toEqual([[deletion('a'), deletion('b')]]);
  });

  it('publishes nothing when the work fails, and keeps nothing it wrote', async () => {
    published.length = 0;
    await expect(
      inUnitOfWork({ db: database.db, events }, async (tx, outbox) => {
        await tx.execute(sql`INSERT INTO notes (id) VALUES ('c')`);
        outbox.add(deletion('c'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(published).toEqual([]);
    expect(await queryRows(database.db, sql`SELECT id FROM notes WHERE id = 'c'`)).toEqual([]);
  });
});
