// The limits the API document states and the contract's zod schemas enforce, each at its edge:
// the longest accepted value gets past validation (to the route's own answer), one character more
// is a 400. One row per limit added to make the document complete (the rest were there before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX, PATH_PARAMETER_MAX } from '../../shared/contract/answer-limits.js';
import { EPOCH_MS_DIGITS, MAX_EPOCH_MS } from '../../shared/contract/entities.js';
import { MEDIA_KEY_MAX } from '../../shared/contract/market/listings.js';
import { REVIEW_CASE_STATUSES } from '../../shared/contract/review-cases.js';
import { openTestApp } from '../support/app-fixture.js';
import { type AccountabilityApp, startAccountabilityApp } from '../market/accountability-app.js';
import { fakeIdentity } from '../market/market-db.js';

/** An email of exactly `length` characters. */
const emailOf = (length: number) => `${'a'.repeat(64)}@${'b'.repeat(length - 64 - 1 - 4)}.com`;
/** A valid ISO date-time of exactly `length` characters (the fraction of a second padded). */
const isoDateOf = (length: number) => `2030-01-01T00:00:00.${'0'.repeat(length - 21)}Z`;
/** Digits for a page number, padded with zeros to `length`. */
const pageOf = (length: number) => `${'0'.repeat(length - 1)}1`;
const statusList = (extraSpaces: number) => `${REVIEW_CASE_STATUSES.join(', ')}${' '.repeat(extraSpaces)}`;

interface Limit {
  limit: string;
  /** The request with the value at the limit (`over`: one character longer). */
  request: (over: boolean) => { token: string | null; method: 'GET' | 'POST' | 'PATCH'; url: string; body?: object };
  /** What the longest accepted value answers (the route's own answer, never 400). */
  atLimit: number;
  /** What one character more answers: 400, or Fastify's 414 for a path parameter over its length. */
  over?: number;
}

const LIMITS: Limit[] = [
  {
    limit: `an email in a path: ${PATH_PARAMETER_MAX} characters`,
    request: (over) => ({
      token: 'ann',
      method: 'GET',
      url: `/user/email/${emailOf(PATH_PARAMETER_MAX + Number(over))}`,
    }),
    atLimit: 200,
    over: 414,
  },
  {
    limit: `an email an admin checks: ${EMAIL_MAX} characters`,
    request: (over) => ({
      token: 'admin',
      method: 'POST',
      url: '/admin/users/check-email',
      body: { email: emailOf(EMAIL_MAX + Number(over)) },
    }),
    atLimit: 200,
  },
  {
    limit: `an email an admin sets: ${EMAIL_MAX} characters`,
    request: (over) => ({
      token: 'admin',
      method: 'PATCH',
      url: '/admin/users/no-such-user',
      body: { email: emailOf(EMAIL_MAX + Number(over)) },
    }),
    atLimit: 404,
  },
  {
    limit: `a listing's end time an admin sets: ${EPOCH_MS_DIGITS} digits`,
    request: (over) => ({
      token: 'admin',
      method: 'PATCH',
      url: '/admin/listings/active/no-such-listing',
      // The latest time it may name (the year 9999's last millisecond), and a digit more.
      body: { endTime: over ? `${MAX_EPOCH_MS}0` : String(MAX_EPOCH_MS) },
    }),
    atLimit: 404,
  },
  {
    limit: 'an enforcement’s end date: 64 characters',
    request: (over) => ({
      token: 'admin',
      method: 'POST',
      url: '/admin/users/no-such-user/enforcement',
      body: { action: 'suspend', reason: 'Spam', until: isoDateOf(64 + Number(over)) },
    }),
    atLimit: 404,
  },
  {
    limit: 'an admin list’s page as text: 20 digits',
    request: (over) => ({ token: 'admin', method: 'GET', url: `/admin/users?page=${pageOf(20 + Number(over))}` }),
    atLimit: 200,
  },
  {
    limit: 'a public section’s page as text: 20 digits',
    request: (over) => ({
      token: null,
      method: 'GET',
      url: `/public/listings/featured?page=${pageOf(20 + Number(over))}`,
    }),
    atLimit: 200,
  },
  {
    limit: 'a review-case filter as text: every value once, after a comma and a space',
    request: (over) => ({
      token: 'admin',
      method: 'GET',
      url: `/admin/review-cases?status=${encodeURIComponent(statusList(over ? 1 : 0))}`,
    }),
    atLimit: 200,
  },
  {
    limit: 'a review-case filter as a list: each item the longest value',
    request: (over) => ({
      token: 'admin',
      method: 'GET',
      url: `/admin/review-cases?status=open&status=${over ? '%20' : ''}resolved`,
    }),
    atLimit: 200,
  },
  {
    limit: `an upload's key in the path: ${MEDIA_KEY_MAX} characters`,
    request: (over) => ({ token: null, method: 'GET', url: `/uploads/${'k'.repeat(MEDIA_KEY_MAX + Number(over))}` }),
    atLimit: 404,
  },
];

describe('the limits the API document states', () => {
  let t: AccountabilityApp;

  beforeAll(async () => {
    t = await startAccountabilityApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(LIMITS)('$limit', async ({ request, atLimit, over = 400 }) => {
    const send = ({ token, method, url, body }: ReturnType<Limit['request']>) => t.call(token, method, url, body);
    const accepted = await send(request(false));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(atLimit);
    const refused = await send(request(true));
    expect(refused.status).toBe(over);
    expect(refused.body).toMatchObject({ statusCode: over });
  });
});

describe('the rate limit, as documented', () => {
  it('sends RateLimit headers on every answer and Retry-After with a 429', async () => {
    const { app, close } = await openTestApp({ identity: fakeIdentity, rateLimitMax: 2 });
    try {
      const first = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(first.statusCode).toBe(200);
      expect(first.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
      expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
      const refused = await app.inject({ method: 'GET', url: '/v1/bid/latest/no-such-listing' });
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      const limited = await app.inject({ method: 'GET', url: '/v1/health' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['ratelimit-limit']).toBe('2');
    } finally {
      await close();
    }
  }, 60_000);
});
