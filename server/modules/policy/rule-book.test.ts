// This node's rule book: each rule compiled once per version (the same compiled rule while nothing
// changes), a change made here seen at once, one made elsewhere (another node writing the tables)
// seen once the book is older than its refresh age: within 5 s on every node.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../platform/db/database.js';
import { createRuleBook, STALE_AFTER_MS } from './rule-book.js';
import { openMigratedPglite } from '../../../tests/support/pglite-template.js';

describe('the rule book', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('compiles a rule once per version, and sees another node’s change within 5 s', async () => {
    const db = database.db;
    await db.execute(
      sql`INSERT INTO policy_rules (id, name, event, expression, action, mode, created_by_uid)
          VALUES ('r1', 'Big bid', 'bid', 'bid.amount > 100.0', 'openCase', 'shadow', 'uid-mod'),
                 ('r2', 'Off', 'bid', 'true', 'openCase', 'off', 'uid-mod')`,
    );
    let clock = 1_000_000;
    const book = createRuleBook(db, () => clock);
    const first = await book.snapshot();
    expect(first.rules.get('bid')?.map((rule) => [rule.id, rule.version, rule.mode])).toEqual([['r1', 1, 'shadow']]);
    const compiled = first.rules.get('bid')![0]!.matches;

    // Nothing changed: the same compiled rule, however often it is asked for.
    clock += STALE_AFTER_MS + 1;
    expect((await book.snapshot()).rules.get('bid')![0]!.matches).toBe(compiled);

    // Another node changes the rule: this book sees it once it is stale, compiled anew.
    await db.execute(
      sql`UPDATE policy_rules SET expression = 'bid.amount > 5.0', version = 2, updated_at = now() WHERE id = 'r1'`,
    );
    clock += 10;
    expect((await book.snapshot()).rules.get('bid')![0]!.version).toBe(1);
    clock += STALE_AFTER_MS + 1;
    const changed = (await book.snapshot()).rules.get('bid')![0]!;
    expect(changed.version).toBe(2);
    expect(changed.matches).not.toBe(compiled);
    const context = (amount: number) => ({ actor: {}, event: { amount }, lists: {} });
    expect([changed.matches(context(6)), changed.matches(context(4))]).toEqual([true, false]);

    // A list appears and a rule reads it; a change made on this node is seen at once.
    await db.execute(
      sql`INSERT INTO policy_lists (name, kind, items) VALUES ('payWords', 'words', '["venmo"]'::jsonb)`,
    );
    await db.execute(
      sql`INSERT INTO policy_rules (id, name, event, expression, action, mode, created_by_uid)
          VALUES ('r3', 'Pay words', 'message', 'lists.payWords.exists(w, message.text.contains(w))', 'openCase', 'on', 'uid-mod')`,
    );
    book.changed();
    const withList = await book.snapshot();
    expect(withList.lists).toEqual({ payWords: ['venmo'] });
    const payWords = withList.rules.get('message')![0]!;
    expect(payWords.matches({ actor: {}, event: { text: 'venmo me' }, lists: withList.lists })).toBe(true);

    // Deleted: gone from the book.
    await db.execute(sql`UPDATE policy_rules SET deleted_at = now(), updated_at = now() WHERE id = 'r3'`);
    book.changed();
    expect((await book.snapshot()).rules.get('message')).toBeUndefined();
  });
});
