// The review badge: `electron` mocked at the adapter edge (app.setBadgeCount), the API faked at
// the HTTP edge. It shows open high-priority cases, and nothing when the route is missing.
import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highPriorityCases, startReviewBadge } from '../../main/core/review-badge.js';

const electron = vi.hoisted(() => ({ setBadgeCount: vi.fn(() => true) }));
vi.mock('electron', () => ({ app: electron, default: { app: electron } }));
const { showBadgeCount } = await import('../../main/badge.js');

const apiAnswering = (status: number, body: unknown) => {
  const seen: Request[] = [];
  const http = ky.create({
    prefix: 'http://api.test/v1/',
    retry: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { http, seen };
};

describe('review badge', () => {
  afterEach(() => vi.clearAllMocks());

  it('counts the open high-priority cases with the admin token', async () => {
    const { http, seen } = apiAnswering(200, { open: 12, claimed: 3, high: 4 });
    expect(await highPriorityCases(http, 'token-1')).toBe(4);
    expect(new URL(seen[0]!.url).pathname).toBe('/v1/admin/review-cases/counts');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it.each([
    ['the route is missing', 404, { statusCode: 404, error: 'Not Found', message: 'Route not found' }],
    ['the answer is not the counts', 200, { something: 'else' }],
    ['the server fails', 500, { statusCode: 500 }],
  ])('shows nothing when %s', async (_, status, body) => {
    expect(await highPriorityCases(apiAnswering(status, body).http, 'token-1')).toBe(0);
  });

  it('asks nothing while signed out', async () => {
    const { http, seen } = apiAnswering(200, { high: 9 });
    expect(await highPriorityCases(http, null)).toBe(0);
    expect(seen).toHaveLength(0);
  });

  it('sets the dock badge, again only when the count changes, and clears it when stopped', async () => {
    let count = 3;
    const badge = startReviewBadge({ count: async () => count, show: showBadgeCount, everyMs: 60_000 });
    await vi.waitFor(() => expect(electron.setBadgeCount).toHaveBeenCalledWith(3));
    await badge.refresh();
    expect(electron.setBadgeCount).toHaveBeenCalledTimes(1);
    count = 5;
    await badge.refresh();
    expect(electron.setBadgeCount).toHaveBeenLastCalledWith(5);
    badge.stop();
    expect(electron.setBadgeCount).toHaveBeenLastCalledWith(0);
  });
});
