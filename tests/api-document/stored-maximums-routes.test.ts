// Answers hold what requests may store: each stored text is written at the most its request allows
// (notes, enforcement reasons and messages, case notes, report texts, macro titles, notes and
// messages, appeal texts, listing titles and descriptions), then every answer that shows it is
// read. An answer's bound below a request's (the timeline's summary was 500 characters where a
// note may have 2,000) is a 500 for the user whose record holds it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';
import { startReviewApp, type ReviewApp } from '../market/review-cases-app.js';

/** Exactly `length` characters of words, ending in a letter (the requests trim their texts). */
const exactly = (length: number, seed: string) => `${seed} ${'word '.repeat(length)}`.slice(0, length - 1) + 'x';

const NOTE_MAX = 2000;
const ENFORCEMENT_REASON_MAX = 500;
const ENFORCEMENT_MESSAGE_MAX = 2000;
const CASE_NOTE_MAX = 2000;
const REPORT_TEXT_MAX = 2000;
const MACRO_TITLE_MAX = 120;
const MACRO_NOTE_MAX = 2000;
const MACRO_MESSAGE_MAX = 2000;
const APPEAL_TEXT_MAX = 2000;
const LISTING_TITLE_MAX = 200;
const LISTING_DESCRIPTION_MAX = 5000;

let review: ReviewApp;
const call: ReviewApp['call'] = (...args) => review.call(...args);
const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;

beforeAll(async () => {
  review = await startReviewApp();
}, 60_000);
afterAll(async () => {
  await review?.close();
});

describe('answers hold what requests may store', () => {
  it('every answer showing a stored text at its request maximum answers 200', async () => {
    const sellerId = await me('seller');
    const appellantId = await me('appellant');
    const created = await call('seller', 'POST', '/listing', {
      title: exactly(LISTING_TITLE_MAX, 'Title'),
      description: exactly(LISTING_DESCRIPTION_MAX, 'Description'),
      price: 30,
    });
    expect(created.status).toBe(201);
    const listingId = created.body.id as string;
    const writes = [
      call('admin', 'POST', '/admin/notes', {
        recordType: 'user',
        recordId: sellerId,
        text: exactly(NOTE_MAX, 'User note'),
      }),
      call('admin', 'POST', '/admin/notes', {
        recordType: 'listing',
        recordId: listingId,
        text: exactly(NOTE_MAX, 'Listing note'),
      }),
      call('admin', 'POST', `/admin/users/${sellerId}/enforcement`, {
        action: 'warn',
        reason: exactly(ENFORCEMENT_REASON_MAX, 'Reason'),
        message: exactly(ENFORCEMENT_MESSAGE_MAX, 'Message'),
      }),
      call('buyer', 'POST', '/listing/report', {
        listingId,
        reportType: 'harmful',
        text: exactly(REPORT_TEXT_MAX, 'Report'),
      }),
    ];
    for (const write of writes) expect((await write).status).toBeLessThan(300);

    const macro = await call('admin', 'POST', '/admin/macros', {
      title: exactly(MACRO_TITLE_MAX, 'Macro'),
      outcome: 'userWarned',
      note: exactly(MACRO_NOTE_MAX, 'Macro note'),
      userMessage: exactly(MACRO_MESSAGE_MAX, 'Macro message'),
      enforcement: { action: 'suspendSelling' },
    });
    expect(macro.status).toBe(200);
    const listed = await call('admin', 'GET', '/admin/review-cases?source=listingReport&limit=100');
    const reportCase = (listed.body.items as ReviewCase[]).find((item) => item.subjectId === listingId)!;
    const resolved = await call('admin', 'POST', `/admin/review-cases/${reportCase.id}/resolve`, {
      macroId: macro.body.id,
      note: exactly(CASE_NOTE_MAX, 'Case note'),
      notifyReporter: true,
    });
    expect(resolved.status).toBe(200);

    const suspended = await call('admin', 'POST', `/admin/users/${appellantId}/enforcement`, {
      action: 'suspend',
      reason: exactly(ENFORCEMENT_REASON_MAX, 'Suspension'),
      message: exactly(ENFORCEMENT_MESSAGE_MAX, 'Suspension message'),
      until: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(suspended.status).toBe(200);
    // A suspended user reads no notifications: the enforcement's id is read where it is kept.
    const [enforcement] = await queryRows<{ id: string }>(
      review.database.db,
      sql`SELECT id FROM user_enforcements WHERE user_id = ${appellantId} ORDER BY created_at DESC LIMIT 1`,
    );
    const enforcementId = enforcement?.id;
    if (enforcementId) {
      const appealed = await call('appellant', 'POST', '/appeal', {
        enforcementId,
        text: exactly(APPEAL_TEXT_MAX, 'Appeal'),
      });
      expect(appealed.status).toBe(201);
    }

    const reads: [string, string][] = [
      ['admin', `/admin/users/${sellerId}/timeline?limit=100`],
      ['admin', `/admin/users/${appellantId}/timeline?limit=100`],
      ['admin', `/admin/listings/active/${listingId}/timeline?limit=100`],
      ['admin', `/admin/users/${sellerId}`],
      ['admin', `/admin/users/${sellerId}/ring`],
      ['admin', `/admin/audit-log?limit=100`],
      ['admin', `/admin/review-cases?limit=100`],
      ['admin', `/admin/review-cases/${reportCase.id}`],
      ['admin', `/admin/macros`],
      ['admin', `/admin/listings/active?limit=100`],
      ['seller', `/notifications?limit=100`],
      ['buyer', `/notifications?limit=100`],
      ['appellant', `/appeal`],
    ];
    const failed: string[] = [];
    for (const [user, url] of reads) {
      const answer = await call(user, 'GET', url);
      if (answer.status !== 200) failed.push(`${url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
    expect(enforcementId).toBeDefined();
  });
});
