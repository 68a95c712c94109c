// Rings of linked accounts, route by route, run on both drivers: rings-routes.test.ts (PGlite)
// and rings-postgres.test.ts (PostgreSQL). `GET /admin/users/{id}/ring` (links of every kind, the
// canonical email, 3 hops and 50 accounts, a ring of one, the summed impact, sign-in IPs beside
// the links) and `POST /admin/rings/enforcement` (all or none, an audit entry and a notification
// per member, step-up for suspend and ban, the roles that enforce).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalEmail } from '../../server/modules/accounts/rules/canonical-email.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { pruneSignInIps } from '../../server/platform/auth/sign-in-ips.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { ADMIN_ROUTE_ROLES, adminRoleOf } from '../../shared/contract/admin-permissions.js';
import { Ring } from '../../shared/contract/rings.js';
import { sumImpacts } from '../../shared/rules/enforcement-impact.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { marketCall } from './market-db.js';

/** The step-up window of this suite's app: the `stale` admin signed in longer ago than this. */
const STEP_UP_SECONDS = 900;

/**
 * `token-admin` is the owner, `token-stale` the owner signed in two hours ago, `token-role-<role>`
 * a scoped admin, `token-<name>` a marketplace user, `token-<name>@<seconds>` one whose sign-in
 * (`auth_time`) was at that epoch second.
 */
const ringIdentity: IdentityProvider = {
  verifyIdToken: async (token) => {
    const role = /^token-role-([a-z]+)$/.exec(token);
    if (role) {
      const uid = `uid-${role[1]}`;
      return { uid, email: `${role[1]}@staff.test`, emailVerified: true, admin: true, adminRole: adminRoleOf(role[1]) };
    }
    const match = /^token-([a-z0-9]+)(?:@(\d+))?$/.exec(token);
    if (!match) throw new Error('auth/argument-error');
    const name = match[1]!;
    const admin = name === 'admin' || name === 'stale';
    const signedInAt = match[2] === undefined ? undefined : Number(match[2]);
    const authTime = name === 'stale' ? Math.floor(Date.now() / 1000) - 7200 : signedInAt;
    return { uid: `uid-${name}`, email: `${name}@market.test`, emailVerified: true, admin, authTime };
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

/** The suite's database; two apps are opened over it (one behind a trusted proxy). */
export interface RingsDatabase {
  database: Database;
  close(): Promise<void>;
}

export function ringsSuite(openDatabase: () => Promise<RingsDatabase>) {
  let opened: RingsDatabase;
  let plain: TestApp;
  let proxied: TestApp;
  const call = marketCall(() => plain.app);
  const db = () => opened.database.db;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

  /** A marketplace user (created by their first call), by name. */
  const user = async (name: string) => (await call(name, 'GET', '/user/my-details')).body.id as string;
  const ringOf = async (userId: string, as = 'admin') => call(as, 'GET', `/admin/users/${userId}/ring`);
  const ring = async (userId: string) => {
    const answer = await ringOf(userId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return Ring.parse(answer.body);
  };
  const memberIds = (of: Ring) => of.members.map((member) => member.id).sort();
  /** Users inserted directly, `count` of them, each with the columns `set` gives. */
  async function insertUsers(
    prefix: string,
    count: number,
    set: (i: number) => { phone?: string; payout?: string; email?: string },
  ) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { phone = null, payout = null, email = `${prefix}${i}@market.test` } = set(i);
      const [row] = await rows<{ id: string }>(
        sql`INSERT INTO users (user_name, email, phone_number, stripe_user_id)
            VALUES (${`${prefix}${i}`}, ${email}, ${phone}, ${payout}) RETURNING id`,
      );
      ids.push(row!.id);
    }
    return ids;
  }
  /** Signs `name` in (their first request) from `remoteAddress`, through `app`, with headers. */
  async function signInFrom(app: FastifyInstance, name: string, remoteAddress: string, headers: object = {}) {
    const answer = await app.inject({
      method: 'GET',
      url: '/v1/user/my-details',
      remoteAddress,
      headers: { authorization: `Bearer token-${name}`, ...headers },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ id: string }>().id;
  }
  const ipsOf = (userId: string) =>
    rows<{ ip: string; kind: string }>(sql`SELECT ip, kind FROM sign_in_ips WHERE user_id = ${userId} ORDER BY ip`);

  beforeAll(async () => {
    opened = await openDatabase();
    const database = opened.database;
    plain = await openTestApp({ database, identity: ringIdentity, stepUpSeconds: STEP_UP_SECONDS });
    proxied = await openTestApp({ database, identity: ringIdentity, trustedProxy: ['10.9.0.1'] });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
    await opened?.close();
  });

  describe('GET /admin/users/{id}/ring', () => {
    it('a user with no links is a ring of one; an unknown user is 404', async () => {
      const loner = await user('loner');
      const answer = await ring(loner);
      expect(answer).toEqual({
        members: [expect.objectContaining({ id: loner, userName: expect.any(String), enforcement: null })],
        links: [],
        impact: {
          activeListings: 0,
          liveAuctions: 0,
          leadingBids: 0,
          unpaidWins: 0,
          openOrdersAsBuyer: 0,
          openOrdersAsSeller: 0,
          pendingPayoutCents: 0,
        },
        truncated: false,
        sharedIps: [],
      });
      expect((await ringOf('nobody')).status).toBe(404);
    });

    it('links by address (any case and spacing, same ZIP), phone, payout account and card', async () => {
      const [ann, bob, cat, dan, eve] = await insertUsers('kinds', 5, (i) => ({
        phone: i === 2 ? '+15550001111' : undefined,
        payout: i >= 3 ? 'acct_shared_kinds' : undefined,
      }));
      const address = (userId: string, line: string, zip: string) =>
        db().execute(sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code,
                                                country, type, phone_number)
                         VALUES (${userId}, 'A', 'B', ${line}, 'Austin', 'TX', ${zip}, 'US', 'DEFAULT',
                                 ${userId === bob ? '+15550001111' : null})`);
      await address(ann!, '12 Oak St', '73301');
      await address(bob!, '  12 OAK st ', '73301');
      // The same line elsewhere is another address.
      await address(dan!, '12 Oak St', '99999');
      // Bob's address phone is Cat's account phone: the phone link compares like with like.
      await db().execute(sql`UPDATE users SET phone_number = '+15550001111' WHERE id = ${bob}`);
      // Cards: the same brand, last 4 and expiry on two customers (Eve and Ann).
      for (const [userId, customer] of [
        [ann!, 'cus_kinds_ann'],
        [eve!, 'cus_kinds_eve'],
      ] as const) {
        await db().execute(
          sql`INSERT INTO ledger_customers (id, user_id, email) VALUES (${customer}, ${userId}, 'x@y.z')`,
        );
        await db()
          .execute(sql`INSERT INTO ledger_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, funding)
                               VALUES (${`pm_${customer}`}, ${customer}, 'visa', '4242', 12, 2030, 'credit')`);
      }
      const answer = await ring(ann!);
      expect(answer.members[0]!.id).toBe(ann);
      expect(memberIds(answer)).toEqual([ann, bob, cat, dan, eve].sort());
      const pair = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
      const link = (a: string, b: string, kind: string) => ({ from: pair(a, b)[0], to: pair(a, b)[1], kind });
      expect(answer.links).toEqual(
        expect.arrayContaining([
          link(ann!, bob!, 'address'),
          link(bob!, cat!, 'phone'),
          link(dan!, eve!, 'payoutAccount'),
          link(ann!, eve!, 'cardFingerprint'),
        ]),
      );
      expect(answer.links).toHaveLength(4);
      expect(answer.truncated).toBe(false);
    });

    it('links two accounts that registered one device token, though it moved to the second (push goes there alone)', async () => {
      const [first, second, third] = [await user('devone'), await user('devtwo'), await user('devthree')];
      const register = async (name: string, token: string) => {
        const answer = await call(name, 'POST', '/user/device-token', { token, platform: 'ios' });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      };
      await register('devone', 'apns-shared-device');
      await register('devone', 'apns-own-device');
      // Another account signs in on the same phone: the token moves to it.
      await register('devtwo', 'apns-shared-device');
      await register('devthree', 'apns-third-device');
      const holders = await rows<{ token: string; user_id: string }>(
        sql`SELECT token, user_id FROM device_tokens WHERE token LIKE 'apns-%' ORDER BY token`,
      );
      expect(holders).toEqual([
        { token: 'apns-own-device', user_id: first },
        { token: 'apns-shared-device', user_id: second },
        { token: 'apns-third-device', user_id: third },
      ]);

      const pair = [first, second].sort() as [string, string];
      const expected = { from: pair[0], to: pair[1], kind: 'deviceToken' };
      const fromFirst = await ring(first);
      expect(memberIds(fromFirst)).toEqual(pair);
      expect(fromFirst.links).toEqual([expected]);
      expect((await ring(second)).links).toEqual([expected]);
      expect(memberIds(await ring(third))).toEqual([third]);
      // The user's picture lists the link too.
      const picture = await call('admin', 'GET', `/admin/users/${first}/picture`);
      expect(picture.body.linkedAccounts).toEqual([
        { user: expect.objectContaining({ id: second }), via: ['deviceToken'] },
      ]);

      // Unregistering (signing out) stops push, not the link: it is evidence.
      expect((await call('devtwo', 'DELETE', '/user/device-token', { token: 'apns-shared-device' })).status).toBe(204);
      expect(await rows(sql`SELECT token FROM device_tokens WHERE token = 'apns-shared-device'`)).toEqual([]);
      expect((await ring(first)).links).toEqual([expected]);
    });

    it('links by canonical email: case, +tags and Gmail dots do not hide one mailbox', async () => {
      const [plainMail, tagged, dotted, other] = await insertUsers('mail', 4, (i) => ({
        email: ['ringann@gmail.com', 'Ring.Ann+bids@GMail.com', 'r.i.n.g.a.n.n@gmail.com', 'ring.ann@example.com'][i],
      }));
      const answer = await ring(tagged!);
      expect(memberIds(answer)).toEqual([plainMail, tagged, dotted].sort());
      expect(answer.links.every((link) => link.kind === 'email')).toBe(true);
      expect(answer.links).toHaveLength(3);
      // Dots count outside Gmail.
      expect(memberIds(await ring(other!))).toEqual([other]);
    });

    it('the SQL canonical email (its index) is the same rule as canonicalEmail', async () => {
      const emails = [
        'Ann@Example.COM',
        'ann+shop@example.com',
        'a.n.n@example.com',
        'A.N.N+Bids@GMail.com',
        'a.nn+x@googlemail.com',
        'ann@mail.gmail.com',
        'no-at-sign',
        'two@at@signs.com',
      ];
      for (const email of emails) {
        const [row] = await rows<{ canonical: string }>(sql`SELECT canonical_email(${email}) AS canonical`);
        expect(row!.canonical, email).toBe(canonicalEmail(email));
      }
    });

    it('reaches 3 hops and says truncated when the ring goes further', async () => {
      // A chain a–b–c–d–e, each pair sharing a phone of its own.
      const chain = await insertUsers('chain', 5, () => ({}));
      for (let i = 0; i < 4; i++) {
        const phone = `+1555777000${i}`;
        await db().execute(
          sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code, country,
                                     type, phone_number)
              SELECT id, 'C', 'D', ${`${i} Chain Rd `} || id, 'Austin', 'TX', '73301', 'US', 'DEFAULT', ${phone}
              FROM users WHERE id IN (${chain[i]}, ${chain[i + 1]})`,
        );
      }
      const fromStart = await ring(chain[0]!);
      expect(memberIds(fromStart)).toEqual(chain.slice(0, 4).sort());
      expect(fromStart.members.map((member) => member.id)).toEqual(chain.slice(0, 4));
      expect(fromStart.truncated).toBe(true);
      expect(fromStart.links).toHaveLength(3);
      const fromSecond = await ring(chain[1]!);
      expect(memberIds(fromSecond)).toEqual([...chain].sort());
      expect(fromSecond.truncated).toBe(false);
    });

    it('holds 50 accounts at most and says truncated when more are linked', async () => {
      const crowd = await insertUsers('crowd', 55, () => ({ payout: 'acct_crowd' }));
      const answer = await ring(crowd[0]!);
      expect(answer.members).toHaveLength(50);
      expect(answer.members[0]!.id).toBe(crowd[0]);
      expect(answer.truncated).toBe(true);
      // Every link shown is between two members.
      const members = new Set(memberIds(answer));
      expect(answer.links.every((link) => members.has(link.from) && members.has(link.to))).toBe(true);
      expect(answer.links).toHaveLength((50 * 49) / 2);
    });

    it('sums the enforcement impact over the members', async () => {
      const [one, two] = await insertUsers('impact', 2, () => ({ payout: 'acct_impact' }));
      await db().execute(sql`
        INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
        VALUES (${one}, 'Lamp', 'auction', 500, now() + interval '1 day'),
               (${two}, 'Vase', 'auction', 500, now() + interval '1 day'),
               (${two}, 'Bowl', 'default', NULL, NULL)`);
      const answer = await ring(one!);
      expect(answer.impact).toMatchObject({ activeListings: 3, liveAuctions: 2 });
    });

    it('its impact, read for all members at once, is the sum of each member’s own impact', async () => {
      const [ann, bob, cat, dan] = await insertUsers('summed', 4, () => ({ payout: 'acct_summed' }));
      const [out] = await insertUsers('summedout', 1, () => ({}));
      const listing = async (owner: string, type: string, status = 'active', leader: string | null = null) => {
        const [row] = await rows<{ id: string }>(
          sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time, status, leader_id)
              VALUES (${owner}, 'Summed', ${type}, 500, now() + interval '1 day', ${status}, ${leader})
              RETURNING id`,
        );
        return row!.id;
      };
      /** An order of a sold listing; `refunds` are [type, status, cents] ledger entries. */
      const order = async (
        seller: string,
        buyer: string,
        status: string,
        payout: { cents: number; held?: boolean; released?: boolean } | null = null,
        refunds: [string, string, number][] = [],
      ) => {
        const [row] = await rows<{ id: string }>(
          sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, payout_cents, payout_held_at,
                                  payout_released_at)
              VALUES (${await listing(seller, 'default', 'sold')}, ${seller}, ${buyer}, 3000, ${status},
                      ${payout?.cents ?? null}, ${payout?.held ? new Date() : null},
                      ${payout?.released ? new Date() : null})
              RETURNING id`,
        );
        for (const [type, state, cents] of refunds) {
          await db().execute(sql`INSERT INTO transactions (order_id, type, status, amount_cents)
                                 VALUES (${row!.id}, ${type}, ${state}, ${cents})`);
        }
      };
      // Ann sells an auction and a fixed-price listing, Bob an auction that Cat leads; Ann leads an outsider's.
      await listing(ann!, 'auction');
      await listing(ann!, 'default');
      await listing(bob!, 'auction', 'active', cat!);
      await listing(out!, 'auction', 'active', ann!);
      // Ann sold to Bob (paid; refunded 300, a failed refund moved nothing) and to the outsider
      // (shipped; refunded more than the payout: it is worth nothing, never less).
      await order(ann!, bob!, 'PAYMENT_CONFIRMED', { cents: 1000 }, [
        ['admin_refund', 'succeeded', 300],
        ['admin_refund', 'failed', 500],
      ]);
      await order(ann!, out!, 'Shipped', { cents: 2000 }, [['bundled_shipping_refund', 'succeeded', 2500]]);
      // Cat has not paid Bob; Dan waits for the outsider's parcel.
      await order(bob!, cat!, 'Pending');
      await order(out!, dan!, 'Shipped');
      // Dan's payouts: one held (still pending), one released, one of a cancelled order.
      await order(dan!, out!, 'PAYMENT_CONFIRMED', { cents: 1500, held: true });
      await order(dan!, out!, 'SHIPPING_DELIVERED', { cents: 4000, released: true });
      await order(dan!, out!, 'cancelled', { cents: 999 });

      const answer = await ring(ann!);
      expect(memberIds(answer)).toEqual([ann, bob, cat, dan].sort());
      const each = await Promise.all(
        [ann, bob, cat, dan].map(async (member) => {
          const impact = await call('admin', 'GET', `/admin/users/${member}/enforcement-impact`);
          expect(impact.status, JSON.stringify(impact.body)).toBe(200);
          return impact.body as Ring['impact'];
        }),
      );
      expect(answer.impact).toEqual({
        activeListings: 3,
        liveAuctions: 2,
        leadingBids: 2,
        unpaidWins: 1,
        openOrdersAsBuyer: 2,
        openOrdersAsSeller: 3,
        pendingPayoutCents: 700 + 0 + 1500,
      });
      expect(answer.impact).toEqual(sumImpacts(each));
      expect(each.map((impact) => impact.pendingPayoutCents)).toEqual([700, 0, 0, 1500]);
      // A member deleted after the walk touches nothing; alone, it is 404.
      await db().execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${dan}`);
      expect((await call('admin', 'GET', `/admin/users/${dan}/enforcement-impact`)).status).toBe(404);
      expect((await ring(ann!)).impact).toEqual(sumImpacts(each.slice(0, 3)));
    });

    it('may be read by the roles that read users, not by finance', async () => {
      expect(ADMIN_ROUTE_ROLES['users.ring']).toEqual(ADMIN_ROUTE_ROLES['users.get']);
      const loner = await user('roleloner');
      expect((await ringOf(loner, 'role-moderator')).status).toBe(200);
      expect((await ringOf(loner, 'role-support')).status).toBe(200);
      expect((await ringOf(loner, 'role-finance')).status).toBe(403);
    });
  });

  describe('sign-up and sign-in IPs', () => {
    it('records the public address of a sign-in once, and never a loopback or private one', async () => {
      const pub = await signInFrom(plain.app, 'ippublic', '203.0.113.10');
      // The next request of the same sign-in records nothing more.
      await signInFrom(plain.app, 'ippublic', '203.0.113.10');
      expect(await ipsOf(pub)).toEqual([{ ip: '203.0.113.10', kind: 'signIn' }]);
      for (const [name, address] of [
        ['iploop', '127.0.0.1'],
        ['iploop6', '::1'],
        ['ipprivate', '192.168.1.20'],
        ['ipten', '10.1.2.3'],
      ] as const) {
        expect(await ipsOf(await signInFrom(plain.app, name, address)), name).toEqual([]);
      }
    });

    it('records a sign-in once whichever node serves it, even two nodes at once', async () => {
      // Two app instances on the one database (two nodes); `proxied` trusts another address, so a
      // direct connection's own address counts there too.
      const userId = await signInFrom(plain.app, 'ipnodes@1790000000', '203.0.113.50');
      await signInFrom(proxied.app, 'ipnodes@1790000000', '203.0.113.51');
      const signIns = () =>
        rows<{ ip: string; auth_time: string | number }>(
          sql`SELECT ip, auth_time FROM sign_in_ips WHERE user_id = ${userId} ORDER BY auth_time, ip`,
        );
      expect((await signIns()).map((row) => [row.ip, Number(row.auth_time)])).toEqual([['203.0.113.50', 1790000000]]);
      // A new sign-in reaching both nodes at the same moment: one row still.
      await Promise.all([
        signInFrom(plain.app, 'ipnodes@1790000600', '203.0.113.52'),
        signInFrom(proxied.app, 'ipnodes@1790000600', '203.0.113.53'),
      ]);
      const second = (await signIns()).filter((row) => Number(row.auth_time) === 1790000600);
      expect(second).toHaveLength(1);
      expect(['203.0.113.52', '203.0.113.53']).toContain(second[0]!.ip);
      // Each node asked once per sign-in: its later requests write nothing, wherever they come from.
      await signInFrom(plain.app, 'ipnodes@1790000600', '203.0.113.54');
      await signInFrom(proxied.app, 'ipnodes@1790000600', '203.0.113.55');
      expect(await signIns()).toHaveLength(2);
    });

    it('believes X-Forwarded-For only from the trusted proxy', async () => {
      const forwarded = { 'x-forwarded-for': '198.51.100.7' };
      // No proxy is trusted: the header is anyone's, the connection's address counts.
      const direct = await signInFrom(plain.app, 'ipdirect', '203.0.113.20', forwarded);
      expect(await ipsOf(direct)).toEqual([{ ip: '203.0.113.20', kind: 'signIn' }]);
      // Through the trusted proxy: the client's address the proxy forwarded.
      const viaProxy = await signInFrom(proxied.app, 'ipproxied', '10.9.0.1', forwarded);
      expect(await ipsOf(viaProxy)).toEqual([{ ip: '198.51.100.7', kind: 'signIn' }]);
      // Another address sending the header is not the proxy: its own (public) address counts.
      const spoofed = await signInFrom(proxied.app, 'ipspoofed', '203.0.113.21', forwarded);
      expect(await ipsOf(spoofed)).toEqual([{ ip: '203.0.113.21', kind: 'signIn' }]);
    });

    it('records the sign-up (registration) with its address', async () => {
      await signInFrom(plain.app, 'ipsignup', '203.0.113.30');
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/v1/user',
        remoteAddress: '203.0.113.31',
        headers: { authorization: 'Bearer token-ipsignup' },
        payload: { userName: 'ipsignup', firstName: 'Ip', lastName: 'Signup', acceptedTerms: true },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const userId = answer.json<{ id: string }>().id;
      expect(await ipsOf(userId)).toEqual([
        { ip: '203.0.113.30', kind: 'signIn' },
        { ip: '203.0.113.31', kind: 'signUp' },
      ]);
    });

    it('shows the IPs two members share beside the links, never as a link, for 90 days', async () => {
      const first = await signInFrom(plain.app, 'ipringone', '203.0.113.40');
      const second = await signInFrom(plain.app, 'ipringtwo', '203.0.113.40');
      // The same IP alone links nobody.
      expect(memberIds(await ring(first))).toEqual([first]);
      await db().execute(sql`UPDATE users SET stripe_user_id = 'acct_ipring' WHERE id IN (${first}, ${second})`);
      const answer = await ring(first);
      expect(answer.links).toEqual([expect.objectContaining({ kind: 'payoutAccount' })]);
      expect(answer.sharedIps).toEqual([
        { ip: '203.0.113.40', userIds: [first, second].sort(), lastSeenAt: expect.any(String) },
      ]);
      // Older than 90 days: not shown, and pruned.
      await db().execute(
        sql`UPDATE sign_in_ips SET created_at = now() - interval '91 days' WHERE user_id IN (${first}, ${second})`,
      );
      expect((await ring(first)).sharedIps).toEqual([]);
      await pruneSignInIps(db());
      expect(await ipsOf(first)).toEqual([]);
    });
  });

  describe('POST /admin/rings/enforcement', () => {
    const enforceRing = (body: object, as = 'admin') => call(as, 'POST', '/admin/rings/enforcement', body);

    it('enforces on every member in one step: an audit entry and a notification each', async () => {
      const members = await insertUsers('warned', 3, () => ({ payout: 'acct_warned' }));
      const answer = await enforceRing({ userIds: members, action: 'suspendSelling', reason: 'Shill bidding' });
      expect(answer).toEqual({ status: 200, body: { enforced: 3 } });
      for (const userId of members) {
        const [audit] = await rows<{ count: string | number }>(
          sql`SELECT count(*) AS count FROM admin_actions WHERE record_type = 'user' AND record_id = ${userId}`,
        );
        expect(Number(audit!.count)).toBe(1);
        const notices = await rows<{ title: string }>(
          sql`SELECT title FROM notifications WHERE user_id = ${userId} AND type = 'accountAction'`,
        );
        expect(notices).toHaveLength(1);
      }
      const seen = await ring(members[0]!);
      expect(seen.members.map((member) => member.enforcement?.action)).toEqual([
        'suspendSelling',
        'suspendSelling',
        'suspendSelling',
      ]);
    });

    it('is all or none: one member that cannot be enforced leaves every member as they were', async () => {
      const members = await insertUsers('allnone', 3, () => ({}));
      await db().execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${members[2]}`);
      const answer = await enforceRing({ userIds: members, action: 'warn', reason: 'Ring' });
      expect(answer.status).toBe(404);
      const enforced = await rows<{ user_id: string }>(
        sql`SELECT user_id FROM user_enforcements WHERE user_id IN (${members[0]}, ${members[1]}, ${members[2]})`,
      );
      expect(enforced).toEqual([]);
      const notified = await rows<{ user_id: string }>(
        sql`SELECT user_id FROM notifications WHERE user_id IN (${members[0]}, ${members[1]}) AND type = 'accountAction'`,
      );
      expect(notified).toEqual([]);
      // A suspension whose date has passed is refused for all of them alike.
      const past = await enforceRing({
        userIds: members.slice(0, 2),
        action: 'suspend',
        reason: 'Ring',
        until: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.status).toBe(400);
    });

    it('suspending or banning needs a recent sign-in; a warning does not', async () => {
      const members = await insertUsers('stepup', 2, () => ({}));
      const until = new Date(Date.now() + 86_400_000).toISOString();
      const stale = await enforceRing({ userIds: members, action: 'suspend', reason: 'Ring', until }, 'stale');
      expect(stale.status).toBe(401);
      expect(stale.body.code).toBe('reauthenticationRequired');
      expect((await enforceRing({ userIds: members, action: 'ban', reason: 'Ring' }, 'stale')).status).toBe(401);
      expect((await enforceRing({ userIds: members, action: 'warn', reason: 'Ring' }, 'stale')).status).toBe(200);
      expect((await enforceRing({ userIds: members, action: 'suspend', reason: 'Ring', until })).body).toEqual({
        enforced: 2,
      });
    });

    it('is for the roles that enforce on one user: a moderator may, support and finance may not', async () => {
      expect(ADMIN_ROUTE_ROLES['rings.enforce']).toEqual(ADMIN_ROUTE_ROLES['users.enforce']);
      const [member] = await insertUsers('roles', 1, () => ({}));
      const body = { userIds: [member], action: 'warn', reason: 'Ring' };
      expect((await enforceRing(body, 'role-support')).status).toBe(403);
      expect((await enforceRing(body, 'role-finance')).status).toBe(403);
      expect((await enforceRing(body, 'role-moderator')).status).toBe(200);
    });

    it('takes 1 to 50 accounts and a suspension needs its end date', async () => {
      expect((await enforceRing({ userIds: [], action: 'warn', reason: 'Ring' })).status).toBe(400);
      const many = Array.from({ length: 51 }, (_, i) => `u${i}`);
      expect((await enforceRing({ userIds: many, action: 'warn', reason: 'Ring' })).status).toBe(400);
      expect((await enforceRing({ userIds: ['u1'], action: 'suspend', reason: 'Ring' })).status).toBe(400);
      expect((await enforceRing({ userIds: ['u1'], action: 'lift', reason: 'Ring' })).status).toBe(400);
    });
  });
}
