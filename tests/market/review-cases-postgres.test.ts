// The review queue on real PostgreSQL: two admins racing to claim the same case (one wins, the
// other gets 409), and signals racing on one subject joining one case instead of opening two.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';

import { startReviewApp, type ReviewApp } from './review-cases-app.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('postgres');

describe.skipIf(!available)('review cases on PostgreSQL', () => {
  let database: Database;
  let review: ReviewApp;

  beforeAll(async () => {
    review = await appOnPostgres((opened) => startReviewApp(opened), 10);
    database = review.database;
  }, 120_000);
  afterAll(async () => {
    await review?.close();
  });

  it('two admins claim the same case at once: exactly one wins, the other gets 409', async () => {
    const chat = await review.call('buyer', 'POST', '/chat', {
      otherUserId: (await review.call('seller', 'GET', '/user/my-details')).body.id,
    });
    const caseIds: string[] = [];
    for (let round = 0; round < 10; round++) {
      await review.call('buyer', 'POST', '/message', {
        chatId: chat.body.id,
        message: `round ${round}: text me 555 two one two 4567`,
      });
    }
    const listed = await review.call('admin', 'GET', '/admin/review-cases?limit=100');
    caseIds.push(...(listed.body.items as { id: string }[]).map((item) => item.id));
    expect(caseIds).toHaveLength(10);
    for (const id of caseIds) {
      const answers = await Promise.all(
        ['admin', 'admin2'].map((admin) => review.call(admin, 'PATCH', `/admin/review-cases/${id}/claim`)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(loser.body.message).toBe('Another admin holds this case');
      const [row] = await queryRows<{ assignee_uid: string }>(
        database.db,
        sql`SELECT assignee_uid FROM review_cases WHERE id = ${id}`,
      );
      expect(row!.assignee_uid).toBe((winner.body.assignee as { uid: string }).uid);
    }
  });

  it('reports racing on one listing join one case', async () => {
    const listing = await review.call('seller', 'POST', '/listing', { title: 'Raced lamp', price: 20 });
    const reporters = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
    const answers = await Promise.all(
      reporters.map((name) =>
        review.call(name, 'POST', '/listing/report', { listingId: listing.body.id, reportType: 'harmful' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(reporters.map(() => 201));
    const rows = await queryRows<{ signal_count: number }>(
      database.db,
      sql`SELECT signal_count FROM review_cases WHERE subject_id = ${listing.body.id as string}`,
    );
    expect(rows).toEqual([{ signal_count: reporters.length }]);
  });
});
