// The app's contract behaviour with a fake identity provider (no emulator needed): error
// shapes, 401/403, health. tests/server/ runs the same API against the real emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { localPorts } from './composition.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';

const fakeIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    if (token === 'admin-token')
      return { uid: 'admin-1', email: 'admin@market.test', emailVerified: true, admin: true };
    if (token === 'buyer-token')
      return { uid: 'buyer-1', email: 'buyer@market.test', emailVerified: true, admin: false };
    throw new Error('invalid token');
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }), rateLimitMax: 5_000 });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('app', () => {
  it('answers health with ok while the database answers', async () => {
    const answer = await get('/v1/health');
    expect([answer.statusCode, answer.json()]).toEqual([200, { status: 'ok' }]);
  });

  it.each([
    ['no token', undefined, 401, 'Unauthorized'],
    ['a bad token', 'forged', 401, 'Unauthorized'],
    ['a token without the admin claim', 'buyer-token', 403, 'Forbidden'],
  ])('refuses admin routes with %s', async (_, token, statusCode, error) => {
    const answer = await get('/v1/admin/users', token);
    expect(answer.statusCode).toBe(statusCode);
    expect(answer.json()).toEqual({ statusCode, error, message: expect.any(String) });
  });

  it('answers an empty list to the admin', async () => {
    expect((await get('/v1/admin/users', 'admin-token')).json()).toEqual({ count: 0, items: [] });
  });

  it('explains invalid input in the error shape', async () => {
    const answer = await app.inject({
      method: 'PATCH',
      url: '/v1/admin/users/u1/seller-fee',
      headers: { authorization: 'Bearer admin-token' },
      payload: { sellerFee: 30, note: 'x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/sellerFee.*25.*Unrecognized key: "note"/s),
    });
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    expect((await get('/v1/nowhere')).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /v1/nowhere not found',
    });
  });

  it('publishes every admin route in the OpenAPI document', async () => {
    const docs = (await get('/v1/docs/json')).json() as { openapi: string; paths: Record<string, unknown> };
    expect(docs.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.paths)).toContain('/v1/admin/transactions/order-refund/{id}');
  });

  it('answers 429 in the error shape once a client exceeds the rate limit', async () => {
    const limited = await buildApp({
      database,
      ports: localPorts(database, { identity: fakeIdentity }),
      rateLimitMax: 2,
    });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.inject({ method: 'GET', url: '/v1/health' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const answer = await limited.inject({ method: 'GET', url: '/v1/health' });
      expect(answer.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: expect.any(String) });
    } finally {
      await limited.close();
    }
  });

  it('hides internals of a 5xx and says 503 when the database is gone', async () => {
    const broken = await openDatabase({ pgliteDir: 'memory://' });
    const brokenApp = await buildApp({ database: broken, ports: localPorts(broken, { identity: fakeIdentity }) });
    try {
      // No migrations: every table is missing, so the list fails inside the database.
      const failed = await brokenApp.inject({
        method: 'GET',
        url: '/v1/admin/users',
        headers: { authorization: 'Bearer admin-token' },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal server error',
      });
      expect(failed.body).not.toMatch(/users|relation|select/i);
      await broken.close();
      const health = await brokenApp.inject({ method: 'GET', url: '/v1/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await brokenApp.close();
    }
  });
});
