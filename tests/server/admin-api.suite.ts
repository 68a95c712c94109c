// The admin API integration suite, run once per database driver (admin-api.*.test.ts).
// Requests go through app.inject with ID tokens from the real Auth emulator.
import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import type { z } from 'zod';
import { adminRoutes, type AdminRouteName } from '../../shared/contract/admin-api.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { queryRows } from '../../server/platform/db/database.js';
import { listSections } from './admin-api-lists.sections.js';
import { orderSections } from './admin-api-orders.sections.js';
import { userSections } from './admin-api-users.sections.js';
import { buildTestApp, type Driver, type TestApp } from '../support/test-app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface Answer {
  statusCode: number;
  json: () => unknown;
  body: string;
}

type ListItem = Record<string, unknown> & { id: string };

/** What each section of the suite gets: the driver, the demo tokens and the request helpers. */
export interface AdminApiSuiteContext {
  driver: Driver;
  adminToken: string;
  buyerToken: string;
  call(
    method: Method,
    url: string,
    options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
  ok<N extends AdminRouteName>(
    name: N,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<z.output<NonNullable<(typeof adminRoutes)[N]['response']>>>;
  listPage(name: AdminRouteName, url: string): Promise<{ count: number; items: ListItem[] }>;
  fails(
    method: Method,
    url: string,
    statusCode: number,
    body?: unknown,
    message?: RegExp | string,
  ): Promise<ApiErrorBody>;
  one<T>(query: ReturnType<typeof sql>): Promise<T>;
  db(): TestApp['database']['db'];
}

export function adminApiSuite(driver: Driver): void {
  const adminToken = inject('adminToken');
  const buyerToken = inject('buyerToken');
  const postgresAdminUrl = inject('postgresAdminUrl');
  const unavailable = !adminToken
    ? 'the Auth emulator is not running (see tests/support/emulator-global-setup.ts)'
    : driver === 'postgres' && !postgresAdminUrl
      ? 'no PostgreSQL binaries for a throwaway cluster'
      : null;

  describe.skipIf(unavailable !== null)(
    `admin API on ${driver}${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    () => {
      let testApp: TestApp;
      const db = () => testApp.database.db;

      async function call(
        method: Method,
        url: string,
        options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
      ): Promise<Answer> {
        const token = options.token === undefined ? adminToken : options.token;
        return testApp.app.inject({
          method,
          url: `/v1${url}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
          ...(options.body !== undefined ? { payload: options.body as object } : {}),
        });
      }
      async function ok<N extends AdminRouteName>(
        name: N,
        url: string,
        body?: unknown,
        headers?: Record<string, string>,
      ) {
        const route = adminRoutes[name];
        const answer = await call(route.method, url, { body, ...(headers ? { headers } : {}) });
        if (route.response === null) {
          expect(answer.statusCode, answer.body).toBe(204);
          return undefined as never;
        }
        expect(answer.statusCode, answer.body).toBe(200);
        return (route.response as z.ZodType).parse(answer.json()) as z.output<
          NonNullable<(typeof adminRoutes)[N]['response']>
        >;
      }
      async function listPage(name: AdminRouteName, url: string): Promise<{ count: number; items: ListItem[] }> {
        return (await ok(name, url)) as unknown as { count: number; items: ListItem[] };
      }
      async function fails(method: Method, url: string, statusCode: number, body?: unknown, message?: RegExp | string) {
        const answer = await call(method, url, { body });
        expect(answer.statusCode, answer.body).toBe(statusCode);
        const error = ApiErrorBody.parse(answer.json());
        expect(error.statusCode).toBe(statusCode);
        if (message !== undefined) expect(error.message).toMatch(message);
        return error;
      }
      async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
        const [row] = await queryRows<T>(db(), query);
        if (!row) throw new Error('fixture not found');
        return row;
      }

      beforeAll(async () => {
        testApp = await buildTestApp(driver, postgresAdminUrl);
      }, 60_000);
      afterAll(async () => {
        await testApp?.close();
      });

      const context: AdminApiSuiteContext = { driver, adminToken, buyerToken, call, ok, listPage, fails, one, db };
      listSections(context);
      userSections(context);
      orderSections(context);
    },
  );
}
