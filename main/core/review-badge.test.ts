// The review badge: its counts with the API faked at the HTTP edge under the real API client (the
// open high-priority cases, the overdue high ones and the overdue of any priority, nothing when the
// route is missing), what the badge shows for them (high or overdue, each case once), and when it
// asks for attention: when a high case has just become overdue.
import { describe, expect, it } from 'vitest';
import { createAdminApiClient } from './api-client.js';
import { reviewBadgeCounts, reviewBadgeOf, startReviewBadge, type ReviewBadge } from './review-badge.js';

const apiAnswering = (status: number, body: unknown) => {
  const seen: Request[] = [];
  const { call } = createAdminApiClient({
    host: 'http://api.test',
    accessToken: async () => 'token-1',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { call, seen };
};

describe('review badge counts', () => {
  it('counts the open high-priority cases and the overdue ones, with the admin token', async () => {
    const { call, seen } = apiAnswering(200, { open: 12, claimed: 3, high: 4, overdueHigh: 1, overdue: 3 });
    expect(await reviewBadgeCounts(call, true)).toEqual({ high: 4, overdueHigh: 1, overdue: 3 });
    expect(new URL(seen[0]!.url).pathname).toBe('/v1/admin/review-cases/counts');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it.each([
    ['the route is missing', 404, { statusCode: 404, error: 'Not Found', message: 'Route not found' }],
    ['the answer is not the counts', 200, { something: 'else' }],
    ['the server fails', 500, { statusCode: 500 }],
  ])('shows nothing when %s', async (_, status, body) => {
    expect(await reviewBadgeCounts(apiAnswering(status, body).call, true)).toEqual({
      high: 0,
      overdueHigh: 0,
      overdue: 0,
    });
  });

  it('asks nothing while signed out', async () => {
    const { call, seen } = apiAnswering(200, { open: 9, claimed: 0, high: 9, overdueHigh: 9, overdue: 9 });
    expect(await reviewBadgeCounts(call, false)).toEqual({ high: 0, overdueHigh: 0, overdue: 0 });
    expect(seen).toHaveLength(0);
  });
});

/** The counts; `overdue` (any priority) is the overdue high ones unless said. */
const counts = (high: number, overdueHigh: number, overdue = overdueHigh) => ({ high, overdueHigh, overdue });

describe('what the badge shows', () => {
  it.each([
    // counts, the previous look, the badge
    [counts(0, 0), null, { count: 0, text: '', attention: false }],
    [counts(4, 0), null, { count: 4, text: '4', attention: false }],
    // Overdue at the first look (signing in to overdue work): marked, and attention once.
    [counts(4, 1), null, { count: 4, text: '4!', attention: true }],
    // A case became overdue since the last look: the badge is marked and asks for attention.
    [counts(4, 1), counts(4, 0), { count: 4, text: '4!', attention: true }],
    [counts(4, 2), counts(4, 1), { count: 4, text: '4!', attention: true }],
    // Still overdue, nothing new: marked, no new attention.
    [counts(4, 1), counts(4, 1), { count: 4, text: '4!', attention: false }],
    // The overdue case was resolved: the mark goes.
    [counts(3, 0), counts(4, 1), { count: 3, text: '3', attention: false }],
    // A count the API could never send (more overdue high cases than high ones) is held to the high count.
    [counts(1, 3, 1), counts(1, 0), { count: 1, text: '1!', attention: true }],
    // Overdue cases that are not high count too, once each, marked, without asking for attention.
    [counts(0, 0, 2), null, { count: 2, text: '2!', attention: false }],
    [counts(4, 1, 3), counts(4, 1, 1), { count: 6, text: '6!', attention: false }],
    [counts(4, 0, 3), counts(4, 0), { count: 7, text: '7!', attention: false }],
    // An overdue count below the overdue high ones (never sent) is held up to them: no case taken away.
    [counts(4, 2, 0), counts(4, 2), { count: 4, text: '4!', attention: false }],
  ])('%o after %o → %o', (now, previous, badge) => {
    expect(reviewBadgeOf(now, previous)).toEqual(badge);
  });
});

describe('the badge over time', () => {
  it('shows a change, asks for attention when a high case becomes overdue, and clears when stopped', async () => {
    let now = counts(2, 0);
    const shown: ReviewBadge[] = [];
    const badge = startReviewBadge({ counts: async () => now, show: (b) => shown.push(b), everyMs: 60_000 });
    await badge.refresh();
    expect(shown).toEqual([{ count: 2, text: '2', attention: false }]);
    await badge.refresh();
    expect(shown).toHaveLength(1);
    // The open count does not change, but one case becomes overdue: that alone raises the badge.
    now = counts(2, 1);
    await badge.refresh();
    expect(shown.at(-1)).toEqual({ count: 2, text: '2!', attention: true });
    await badge.refresh();
    expect(shown).toHaveLength(2);
    badge.stop();
    expect(shown.at(-1)).toEqual({ count: 0, text: '', attention: false });
  });
});
