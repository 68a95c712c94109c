// The API document against what the server sends, for the soft deletes: each answers 204 with no
// body, which the document must list (it listed 200 only, so a client or validating proxy built
// from it refused every delete). The app checks each injected answer against its own
// `GET /v1/docs/json` when it closes (answer-document-check.ts); here it is also asked directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { fakeIdentity } from '../market/market-db.js';

const DELETES = [
  ['/admin/ratings/all', '/admin/ratings/soft-delete/'],
  ['/admin/auction-messages/active', '/admin/auction-messages/soft-delete/'],
  ['/admin/chat/all-chats', '/admin/chat/soft-delete-chat/'],
  ['/admin/chat/all-messages', '/admin/chat/soft-delete-message/'],
] as const;

let opened: TestApp;
const call = async (method: 'GET' | 'DELETE', url: string) =>
  opened.app.inject({ method, url: `/v1${url}`, headers: { authorization: 'Bearer token-admin' } });

beforeAll(async () => {
  opened = await openTestApp({
    identity: fakeIdentity,
    rateLimitMax: 100_000,
    seed: (database) => seedMarketplace(database.db, { users: 20, seed: 3 }),
  });
}, 120_000);
afterAll(async () => {
  // Fails the file when any answer below disagreed with the document.
  await opened?.close();
});

describe('the API document lists what the deletes answer', () => {
  it.each(DELETES)('%s: a delete answers 204 (the document says 204, never 200), again 404', async (list, remove) => {
    const items = (await call('GET', list)).json().items as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    const deleted = await call('DELETE', `${remove}${items[0]!.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('DELETE', `${remove}${items[0]!.id}`)).statusCode).toBe(404);
    const document = (await call('GET', '/docs/json')).json() as {
      paths: Record<string, { delete?: { responses: Record<string, unknown> } }>;
    };
    const responses = document.paths[`/v1${remove}{id}`]?.delete?.responses ?? {};
    expect(Object.keys(responses)).toContain('204');
    expect(Object.keys(responses)).not.toContain('200');
  });
});
