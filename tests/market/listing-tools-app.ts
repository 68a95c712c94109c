// The shared set-up of the listing tools route tests: the real app (app.inject, embedded PGlite, the
// fake identity, the local media storage in a temp directory), its recorded realtime events, one
// category with a subcategory, and the helpers that make live listings.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { localListingTools, type ListingToolsDeps } from '../../server/modules/listings/listing-tools-deps.js';
import { enableSellers, fakeIdentity, type RecordedEvent, marketCall } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export let database: Database;
export let app: FastifyInstance;
export let uploadsDir: string;
export let tools: ListingToolsDeps;
export const log: RecordedEvent[] = [];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const call = marketCall(() => app);
export const events = (name: string) => log.filter((event) => event.name === name && event.kind === 'market');
export const about = (listingId: string) => (event: RecordedEvent) =>
  (event.payload as { listingId: string }).listingId === listingId;
export const itemsOf = (body: Record<string, unknown>) => body.items as { id: string; title: string; status: string }[];
export const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
/** The path part of one of this API's absolute URLs (inject takes paths). */
export const pathOf = (url: string) => url.replace('http://api.test', '');
/** A live listing of `user`, an enabled seller (only they sell: selling.ts). */
export const listing = async (user: string, body: object) => {
  await enableSellers(app, user);
  const created = await call(user, 'POST', '/listing', body);
  expect(created.status).toBe(201);
  return created.body.id as string;
};
export let subCategoryId = '';

/** Opens the app on a fresh database and media folder before the tests of the calling file, and closes them after. */
export function useListingToolsApp(): void {
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'listing-tools-'));
    tools = localListingTools({
      uploadsDir,
      signingSecret: 'test-signing-secret-0123456789abcdef',
      publicApiUrl: 'http://api.test/v1',
      appLinkBaseUrl: 'https://app.test',
    });
  });
  afterAll(async () => {
    await rm(uploadsDir, { recursive: true, force: true });
  });
  useApp(
    () => ({ identity: fakeIdentity, listingTools: tools, rateLimitMax: 10_000, events: log }),
    (opened) => {
      ({ app, database } = opened);
      // Files may share this module (one test process runs many): the record is this file's.
      log.length = 0;
    },
  );

  beforeAll(async () => {
    const [category] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO categories (title) VALUES ('Trading Cards') RETURNING id`,
    );
    const [sub] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO subcategories (category_id, title) VALUES (${category!.id}, 'Baseball') RETURNING id`,
    );
    subCategoryId = sub!.id;
  });
}
