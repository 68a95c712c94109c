// Every admin list costs the same few statements whatever the page size: no per-row lookups
// (N+1), which would sink the API on a marketplace with millions of rows.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../shared/contract/admin-api.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { seedMarketplace } from './seeding/seed.js';
import { useApp } from '../tests/support/app-fixture.js';

const identity: IdentityProvider = {
  verifyIdToken: async () => ({ uid: 'admin-1', email: 'admin@market.test', emailVerified: true, admin: true }),
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

const LIST_PATHS = [
  adminRoutes['users.list'].path,
  adminRoutes['listings.active'].path,
  adminRoutes['listings.sold'].path,
  adminRoutes['subcategories.list'].path,
  adminRoutes['ratings.list'].path,
  adminRoutes['auctionMessages.list'].path,
  adminRoutes['chats.list'].path,
  adminRoutes['messages.list'].path,
];
let app: FastifyInstance;

/** A drizzle statement's text without its parameters. */
function textOf(query: unknown): string {
  const chunks = (query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? [];
  return chunks.map((chunk) => (Array.isArray(chunk.value) ? chunk.value.join('') : '')).join('');
}
let statements = 0;

useApp(
  {
    identity,
    rateLimitMax: 5_000,
    seed: async (database) => {
      await seedMarketplace(database.db, { users: 40, seed: 3 });
      const execute = database.db.execute.bind(database.db);
      database.db.execute = ((query: Parameters<typeof execute>[0]) => {
        // The blocks' book (the users page's "blocked" badge) refreshes itself at most once a
        // second per node whatever the page: a cache's look, not a statement of the list.
        if (!textOf(query).includes('FROM blocks')) statements++;
        return execute(query);
      }) as typeof database.db.execute;
    },
  },
  (opened) => ({ app } = opened),
);

async function statementsFor(url: string): Promise<number> {
  statements = 0;
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer any' } });
  expect(answer.statusCode, answer.body).toBe(200);
  return statements;
}

describe('admin list statements', () => {
  it.each(LIST_PATHS)('%s runs the same few statements for 1 row or 100', async (path) => {
    const one = await statementsFor(`/v1${path}?limit=1`);
    expect(await statementsFor(`/v1${path}?limit=100`)).toBe(one);
    expect(one).toBeLessThanOrEqual(3);
    // A short term first reads how common its letters are (kept for minutes, list-sql.ts): warm it.
    await statementsFor(`/v1${path}?limit=1&search=a`);
    const searchedOne = await statementsFor(`/v1${path}?limit=1&search=a`);
    const searchedHundred = await statementsFor(`/v1${path}?limit=100&search=a`);
    expect(searchedHundred).toBe(searchedOne);
    // A list searched by a user's or listing's name reads the users and listings the term names
    // first, and may prove a capped count by them (search-owners.ts): two bounded statements
    // more, never one per row.
    expect(searchedHundred).toBeLessThanOrEqual(5);
  });
});
