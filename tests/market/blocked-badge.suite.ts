// The "blocked" badge (issue 44), run on both drivers: blocked-badge-routes.test.ts (PGlite) and
// blocked-badge-postgres.test.ts (PostgreSQL). Every admin answer that is a user or a page of users
// carries `blocked`: the strongest block in force the account matches through any identifier
// (with its id, severity and reason), or null; a lifted block leaves no badge.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUser } from '../../shared/contract/entities.js';
import type { ReviewApp } from './review-cases-app.js';

export function blockedBadgeSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const block = async (body: object) => {
    const made = await call('mod', 'POST', '/admin/blocks', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.id as string;
  };
  const lift = async (id: string) => expect((await call('mod', 'DELETE', `/admin/blocks/${id}`)).status).toBe(204);
  /** The badge on GET /admin/users/{id}, checked against the contract. */
  const badgeOf = async (userId: string) => {
    const answer = await call('mod', 'GET', `/admin/users/${userId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return AdminUser.parse(answer.body).blocked;
  };
  /** Each listed user's badge on GET /admin/users?search=…, by id. */
  const listedBadges = async (search: string) => {
    const answer = await call('mod', 'GET', `/admin/users?search=${search}&limit=50`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const items = (answer.body.items as unknown[]).map((item) => AdminUser.parse(item));
    return new Map(items.map((item) => [item.id, item.blocked]));
  };

  let badged: string;
  let neighbour: string;
  beforeAll(async () => {
    t = await start();
    badged = await me('badgedone');
    neighbour = await me('badgedtwo');
    await t.database.db.execute(sql`UPDATE users SET phone_number = '+14155550142' WHERE id = ${badged}`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('blocked on the admin user answers', () => {
    it('is null on every user answer while no block is in force', async () => {
      expect(await badgeOf(badged)).toBeNull();
      const listed = await listedBadges('badged');
      expect(listed.get(badged)).toBeNull();
      expect(listed.get(neighbour)).toBeNull();
    });

    it('names the strongest matching block on the user, on the list page and on a change’s answer, until lifted', async () => {
      const email = await block({
        kind: 'canonicalEmail',
        value: 'badgedone@market.test',
        severity: 'review',
        reason: 'Ring email',
      });
      expect(await badgeOf(badged)).toEqual({ blockId: email, severity: 'review', reason: 'Ring email' });
      let listed = await listedBadges('badged');
      expect(listed.get(badged)).toEqual({ blockId: email, severity: 'review', reason: 'Ring email' });
      expect(listed.get(neighbour)).toBeNull();

      // A second identifier under a stronger block: the badge names that one.
      const phone = await block({ kind: 'phone', value: '(415) 555-0142', severity: 'trade', reason: 'Evader phone' });
      expect(await badgeOf(badged)).toEqual({ blockId: phone, severity: 'trade', reason: 'Evader phone' });
      const warned = await call('admin', 'POST', `/admin/users/${badged}/enforcement`, {
        action: 'warn',
        reason: 'Shared a ring phone',
      });
      expect(warned.status, JSON.stringify(warned.body)).toBe(200);
      expect(AdminUser.parse(warned.body).blocked).toMatchObject({ blockId: phone, severity: 'trade' });

      await lift(phone);
      expect((await badgeOf(badged))?.blockId).toBe(email);
      await lift(email);
      expect(await badgeOf(badged)).toBeNull();
      listed = await listedBadges('badged');
      expect(listed.get(badged)).toBeNull();
    });
  });
}
