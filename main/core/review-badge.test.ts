// The review badge's count: the API faked at the HTTP edge under the real API client. It counts
// open high-priority cases, and nothing when the route is missing.
import { describe, expect, it } from 'vitest';
import { createAdminApiClient } from './api-client.js';
import { highPriorityCases } from './review-badge.js';

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

describe('review badge', () => {
  it('counts the open high-priority cases with the admin token', async () => {
    const { call, seen } = apiAnswering(200, { open: 12, claimed: 3, high: 4 });
    expect(await highPriorityCases(call, true)).toBe(4);
    expect(new URL(seen[0]!.url).pathname).toBe('/v1/admin/review-cases/counts');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it.each([
    ['the route is missing', 404, { statusCode: 404, error: 'Not Found', message: 'Route not found' }],
    ['the answer is not the counts', 200, { something: 'else' }],
    ['the server fails', 500, { statusCode: 500 }],
  ])('shows nothing when %s', async (_, status, body) => {
    expect(await highPriorityCases(apiAnswering(status, body).call, true)).toBe(0);
  });

  it('asks nothing while signed out', async () => {
    const { call, seen } = apiAnswering(200, { high: 9 });
    expect(await highPriorityCases(call, false)).toBe(0);
    expect(seen).toHaveLength(0);
  });
});
