// The list statements must let PostgreSQL use the pg_trgm indexes for `search` (the pattern is
// inlined, so there is no generic plan that ignores them). Checked on a real PostgreSQL with
// sequential and plain index scans discouraged, so the planner shows whether a bitmap path over
// the trigram (GIN) and foreign-key indexes exists at all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { containsPattern } from '../../server/platform/db/list-sql.js';
import { idMatchesAny, matchingUserIds, termSearch } from '../../server/platform/db/search-forms.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { canRun } from '../support/service-skips.js';

const postgresAdminUrl = inject('postgresAdminUrl');

/** Thrown to roll back the transaction a plan is read in. */
class PlanRead extends Error {}

describe.skipIf(!canRun('postgres', 'auth-emulator'))('search plans on PostgreSQL', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp('postgres', postgresAdminUrl);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
  });

  /**
   * The plan of `query`, with `hidden` indexes dropped for its length (the transaction rolls back,
   * so nothing is dropped for good). Once `users` and `listings` are analyzed (migrations 0080 and
   * 0085 do), a bitmap over a whole btree holding the searched column (`users_search_names`,
   * `listings_search_title` of 0070, the title's sort index) prices below the trigram indexes on
   * these few rows; out of the way, the plan shows whether the trigram path exists.
   */
  async function plan(query: ReturnType<typeof sql>, hidden: readonly string[] = []): Promise<string> {
    let text = '';
    await testApp.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        // A whole-table walk along the primary key is the other way to read every row; on these
        // small test tables it can cost less than the trigram index and hide whether that exists.
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        // Every row an ILIKE filters costs far more than the default operator cost says; priced
        // nearer that, a bitmap over a whole btree index no longer looks cheaper than the trigram.
        await tx.execute(sql`SET LOCAL cpu_operator_cost = 0.25`);
        for (const index of hidden) await tx.execute(sql`DROP INDEX ${sql.identifier(index)}`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${query}`);
        text = rows.map((row) => row['QUERY PLAN']).join('\n');
        throw new PlanRead();
      })
      .catch((error: unknown) => {
        if (!(error instanceof PlanRead)) throw error;
      });
    return text;
  }

  it.each([
    [
      'users',
      sql`SELECT id FROM users u WHERE u.user_name ILIKE ${containsPattern('ava')} OR u.email ILIKE ${containsPattern('ava')}`,
      ['users_user_name_trgm', 'users_email_trgm'],
      ['users_search_names'],
    ],
    [
      'listings',
      sql`SELECT id FROM listings l WHERE l.title ILIKE ${containsPattern('camera')}`,
      ['listings_title_trgm'],
      ['listings_search_title', 'listings_title_idx'],
    ],
    [
      'chat messages',
      sql`SELECT id FROM chat_messages m WHERE m.message ILIKE ${containsPattern('available')}`,
      ['chat_messages_message_trgm'],
    ],
    [
      'ratings',
      sql`SELECT id FROM ratings r WHERE r.experience ILIKE ${containsPattern('buy')}`,
      ['ratings_experience_trgm'],
    ],
    [
      'auction messages',
      sql`SELECT id FROM auction_messages m WHERE m.text ILIKE ${containsPattern('deal')}`,
      ['auction_messages_text_trgm'],
    ],
    [
      'chats by participant',
      sql`SELECT c.id FROM chats c WHERE ${idMatchesAny(sql`c.id`, [
        sql`SELECT id FROM chats WHERE user_id IN (${matchingUserIds(termSearch('ava'))})`,
        sql`SELECT id FROM chats WHERE other_user_id IN (${matchingUserIds(termSearch('ava'))})`,
      ])}`,
      ['users_user_name_trgm', 'chats_user_idx', 'chats_other_user_idx'],
    ],
    [
      'sold listings by tracking code or buyer',
      sql`SELECT o.id FROM orders o WHERE ${idMatchesAny(sql`o.id`, [
        sql`SELECT id FROM orders WHERE tracking_code ILIKE ${containsPattern('9400')}`,
        sql`SELECT id FROM orders WHERE buyer_id IN (${matchingUserIds(termSearch('ava'))})`,
      ])}`,
      ['orders_tracking_code_trgm', 'orders_buyer_idx'],
    ],
  ] as [string, ReturnType<typeof sql>, string[], string[]?][])(
    'searches %s through the trigram index',
    async (_, query, indexes, hidden) => {
      const text = await plan(query, hidden);
      for (const index of indexes) expect(text).toContain(index);
    },
  );
});
