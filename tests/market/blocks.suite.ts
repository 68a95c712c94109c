// Blocks (DECISIONS "Blocks"), route by route, run on both drivers: blocks-routes.test.ts (PGlite)
// and blocks-postgres.test.ts (PostgreSQL). An identifier is blocked with a severity; the API
// refuses the account at the places the severity names with 403 `blocked` (naming no identifier),
// a review block opens a case instead, and a lifted or expired block stops applying.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { Block, BlockPreview, RingBlocks } from '../../shared/contract/blocks.js';
import { createAuction, enableSellers } from './market-db.js';
import type { ReviewApp } from './review-cases-app.js';

const HOUR = 3_600_000;

export function blocksSuite(start: () => Promise<ReviewApp>) {
  let t: ReviewApp;
  const call: ReviewApp['call'] = (...args) => t.call(...args);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const block = (body: object, admin = 'mod') => call(admin, 'POST', '/admin/blocks', body);
  const lift = (id: string, admin = 'mod') => call(admin, 'DELETE', `/admin/blocks/${id}`);
  let cards = 0;
  /** Gives `user` a saved card (the local ledger's rows, as a card added through the app leaves them). */
  const addCard = async (user: string, last4: string, expMonth = 12, expYear = 2030) => {
    const userId = await me(user);
    cards += 1;
    await t.database.db.execute(
      sql`INSERT INTO ledger_customers (id, user_id, email) VALUES (${`cus_blk_${cards}`}, ${userId}, 'x@y.z')
          ON CONFLICT DO NOTHING`,
    );
    await t.database.db.execute(
      sql`INSERT INTO ledger_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, funding)
          VALUES (${`pm_blk_${cards}`}, ${`cus_blk_${cards}`}, 'visa', ${last4}, ${expMonth}, ${expYear}, 'credit')`,
    );
    return userId;
  };
  let sellerId: string;
  const auction = async (type: 'auction' | 'giveaway' = 'auction') =>
    createAuction(t.database, sellerId, { type, endTime: new Date(Date.now() + 2 * HOUR) });
  const bid = async (user: string) => call(user, 'POST', '/bid', { listingId: await auction(), amount: 10 });
  const refused = { status: 403, body: { code: 'blocked' } };

  beforeAll(async () => {
    t = await start();
    sellerId = (await enableSellers(t.app, 'blkseller'))[0]!;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('POST, GET and DELETE /admin/blocks', () => {
    it('stores each kind in its one form, lists the blocks in force with filters, and audits create and lift', async () => {
      const made = await block({
        kind: 'emailDomain',
        value: '@Throwaway.Example.',
        severity: 'signUp',
        reason: 'Ring domain',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const domain = Block.parse(made.body);
      expect(domain).toMatchObject({
        kind: 'emailDomain',
        value: 'throwaway.example',
        severity: 'signUp',
        reason: 'Ring domain',
        expiresAt: null,
        createdBy: { uid: 'uid-mod', email: 'mod@market.test' },
      });
      const range = Block.parse(
        (await block({ kind: 'ipRange', value: '2001:DB8:abcd:12::1/48', severity: 'review', reason: 'Farm' })).body,
      );
      expect(range.value).toBe('2001:db8:abcd::/48');
      const phone = Block.parse(
        (
          await block({
            kind: 'phone',
            value: '(415) 555-0199',
            severity: 'trade',
            reason: 'Evader',
            expiresAt: new Date(Date.now() + HOUR).toISOString(),
          })
        ).body,
      );
      expect(phone.value).toBe('+14155550199');
      expect(Date.parse(phone.expiresAt!)).toBeGreaterThan(Date.now());

      const all = await call('mod', 'GET', '/admin/blocks?limit=100');
      expect(all.status).toBe(200);
      const ids = (all.body.items as Block[]).map((item) => item.id);
      expect(ids).toEqual(expect.arrayContaining([domain.id, range.id, phone.id]));
      const byKind = await call('mod', 'GET', '/admin/blocks?kind=ipRange,phone&limit=100');
      expect((byKind.body.items as Block[]).every((item) => item.kind === 'ipRange' || item.kind === 'phone')).toBe(
        true,
      );
      expect((byKind.body.items as Block[]).map((item) => item.id)).toEqual(
        expect.arrayContaining([range.id, phone.id]),
      );
      const bySeverity = await call('mod', 'GET', '/admin/blocks?severity=signUp&search=ring%20domain');
      expect(bySeverity.body).toMatchObject({ count: 1, items: [{ id: domain.id }] });

      expect((await lift(domain.id)).status).toBe(204);
      expect((await lift(domain.id)).status).toBe(404);
      const after = await call('mod', 'GET', '/admin/blocks?severity=signUp&search=ring%20domain');
      expect(after.body).toMatchObject({ count: 0, items: [] });
      // The same identifier may be blocked again once lifted.
      expect(
        (await block({ kind: 'emailDomain', value: 'throwaway.example', severity: 'signUp', reason: 'Again' })).status,
      ).toBe(200);

      const audit = await rows<{ action: string; admin_uid: string }>(
        sql`SELECT action, admin_uid FROM admin_actions WHERE record_type = 'block' AND record_id = ${domain.id}
            ORDER BY created_at, id`,
      );
      expect(audit).toEqual([
        { action: 'createBlock', admin_uid: 'uid-mod' },
        { action: 'liftBlock', admin_uid: 'uid-mod' },
      ]);
    });

    it('answers 400 saying what is wrong with a value, 409 for an identifier blocked already', async () => {
      const cases: [object, RegExp][] = [
        [{ kind: 'ipRange', value: '10.0.0.300/8' }, /^value: not an IP address/],
        [{ kind: 'phone', value: '+44 20 7946 0958' }, /^value: not a US phone number/],
        [{ kind: 'emailDomain', value: 'localhost' }, /^value: not an email domain/],
        [{ kind: 'cardFingerprint', value: '4242' }, /^value: not a card fingerprint/],
        [{ kind: 'canonicalEmail', value: 'nobody' }, /^value: not an email address/],
      ];
      for (const [body, message] of cases) {
        const answer = await block({ ...body, severity: 'trade', reason: 'x' });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.message).toMatch(message);
      }
      expect((await block({ kind: 'nope', value: 'x', severity: 'trade', reason: 'x' })).status).toBe(400);
      expect((await block({ kind: 'phone', value: '4155550100', severity: 'never', reason: 'x' })).status).toBe(400);
      expect(
        (await block({ kind: 'phone', value: '4155550100', severity: 'trade', reason: 'x', extra: 1 })).status,
      ).toBe(400);
      expect(
        (
          await block({
            kind: 'phone',
            value: '4155550100',
            severity: 'trade',
            reason: 'x',
            expiresAt: '2001-01-01T00:00:00Z',
          })
        ).status,
      ).toBe(400);
      expect((await block({ kind: 'phone', value: '4155550100', severity: 'trade', reason: 'x' })).status).toBe(200);
      const twice = await block({ kind: 'phone', value: '+1 415 555 0100', severity: 'review', reason: 'x' });
      expect(twice.status).toBe(409);
      expect((await lift('no-such-block')).status).toBe(404);
    });

    it('is for the owner and moderators only', async () => {
      const body = { kind: 'deviceToken', value: 'tok-roles', severity: 'trade', reason: 'x' };
      expect((await block(body, 'sup1')).status).toBe(403);
      expect((await block(body, 'fin1')).status).toBe(403);
      expect((await call('sup1', 'GET', '/admin/blocks')).status).toBe(403);
      expect(
        (await call('fin1', 'POST', '/admin/blocks/preview', { kind: 'deviceToken', value: 'x', severity: 'trade' }))
          .status,
      ).toBe(403);
      expect((await call('blkplain', 'GET', '/admin/blocks')).status).toBe(403);
      expect((await call(null, 'GET', '/admin/blocks')).status).toBe(401);
      const owned = await block(body, 'admin');
      expect(owned.status).toBe(200);
      expect((await lift(Block.parse(owned.body).id, 'sup1')).status).toBe(403);
      expect((await lift(Block.parse(owned.body).id, 'admin')).status).toBe(204);
    });
  });

  describe('POST /admin/blocks/preview', () => {
    it('names the accounts a block would catch and what they hold, before anything is saved', async () => {
      const holder = await addCard('blkpreview', '7001');
      const listingId = await auction();
      expect((await call('blkpreview', 'POST', '/bid', { listingId, amount: 10 })).status).toBe(200);
      const answer = await call('mod', 'POST', '/admin/blocks/preview', {
        kind: 'cardFingerprint',
        value: 'VISA:7001:12/2030',
        severity: 'trade',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(BlockPreview.parse(answer.body)).toEqual({
        accounts: 1,
        sample: [{ id: holder, userName: expect.any(String) }],
        activeListings: 0,
        liveAuctionsLed: 0,
        leadingBids: 1,
        openOrders: 0,
        pendingPayoutCents: 0,
      });
      // The seller's live auctions count for a block on the seller's email.
      const seller = await call('mod', 'POST', '/admin/blocks/preview', {
        kind: 'canonicalEmail',
        value: 'blkseller@market.test',
        severity: 'trade',
      });
      expect(seller.body).toMatchObject({ accounts: 1, sample: [{ id: sellerId }] });
      expect((seller.body.liveAuctionsLed as number) > 0).toBe(true);
      // Nothing was saved.
      expect((await rows(sql`SELECT 1 FROM blocks WHERE value = 'visa:7001:12/2030'`)).length).toBe(0);
      const bad = await call('mod', 'POST', '/admin/blocks/preview', {
        kind: 'ipRange',
        value: 'x',
        severity: 'trade',
      });
      expect(bad.status).toBe(400);
    });
    it('finds a domain with its subdomains, and an IP range through the sign-in IPs', async () => {
      const [userId] = await enableSellers(t.app, 'blkdomain');
      await t.database.db.execute(
        sql`UPDATE users SET email = 'blkdomain@Eu.Preview-Domain.test' WHERE id = ${userId}`,
      );
      await t.database.db.execute(
        sql`INSERT INTO sign_in_ips (user_id, ip, kind) VALUES (${userId}, '198.51.100.23', 'signIn')`,
      );
      const preview = (kind: string, value: string) =>
        call('mod', 'POST', '/admin/blocks/preview', { kind, value, severity: 'signUp' });
      // The domain, a parent of it, never a sibling or a longer name that only ends the same way.
      for (const [value, accounts] of [
        ['eu.preview-domain.test', 1],
        ['preview-domain.test', 1],
        ['us.preview-domain.test', 0],
        ['domain.test', 0],
      ] as const) {
        const answer = await preview('emailDomain', value);
        expect(answer.status, value).toBe(200);
        expect(answer.body.accounts, value).toBe(accounts);
      }
      const range = await preview('ipRange', '198.51.100.0/24');
      expect(range.body).toMatchObject({ accounts: 1, sample: [{ id: userId }] });
      expect((await preview('ipRange', '198.51.101.0/24')).body.accounts).toBe(0);
    });
  });

  describe('enforcement on the market routes', () => {
    it('a trade block refuses listing, bid, offer, giveaway entry and order with 403 blocked naming no identifier; a lift lets them through', async () => {
      const [userId] = await enableSellers(t.app, 'blktrader');
      await addCard('blktrader', '7002');
      const made = Block.parse(
        (await block({ kind: 'cardFingerprint', value: 'visa:7002:12/2030', severity: 'trade', reason: 'Stolen card' }))
          .body,
      );
      const buyNow = await call('blkseller', 'POST', '/listing', { title: 'Blocked lamp', price: 10, inStock: 5 });
      const attempts = [
        await bid('blktrader'),
        await call('blktrader', 'POST', '/listing', { title: 'Evader lamp', price: 10, inStock: 1 }),
        await call('blktrader', 'POST', '/offer', { listingId: buyNow.body.id, amount: 8 }),
        await call('blktrader', 'POST', '/giveaway-entry', { listingId: await auction('giveaway') }),
        await call('blktrader', 'POST', '/order', { listingId: buyNow.body.id }),
      ];
      for (const attempt of attempts) {
        expect(attempt).toMatchObject(refused);
        expect(JSON.stringify(attempt.body)).not.toMatch(/7002|visa|card/i);
      }
      // Trade refuses trading only: the account still reads its own things.
      expect((await call('blktrader', 'GET', '/user')).status).toBe(200);
      expect(userId).toBeTruthy();
      expect((await lift(made.id)).status).toBe(204);
      expect((await bid('blktrader')).status).toBe(200);
      expect((await call('blktrader', 'POST', '/offer', { listingId: buyNow.body.id, amount: 8 })).status).toBe(201);
    });

    it('noAccess refuses every authenticated market route; public routes stay open', async () => {
      await call('blkgone', 'GET', '/user/my-details');
      const made = Block.parse(
        (
          await block({
            kind: 'canonicalEmail',
            value: 'Blk.Gone+x@market.test',
            severity: 'noAccess',
            reason: 'Banned',
          })
        ).body,
      );
      // canonical form: the tag goes, the dots stay (not a Gmail address).
      expect(made.value).toBe('blk.gone@market.test');
      await lift(made.id);
      const exact = Block.parse(
        (
          await block({
            kind: 'canonicalEmail',
            value: 'blkgone+shop@market.test',
            severity: 'noAccess',
            reason: 'Banned',
          })
        ).body,
      );
      expect((await call('blkgone', 'GET', '/user')).status).toBe(403);
      expect(await call('blkgone', 'GET', '/user/my-details')).toMatchObject(refused);
      expect((await call(null, 'GET', '/categories')).status).not.toBe(403);
      await lift(exact.id);
      expect((await call('blkgone', 'GET', '/user')).status).toBe(200);
    });

    it('a signUp block refuses registration only; an IP range matches through sign-in IPs', async () => {
      const userId = await me('blknewbie');
      await block({
        kind: 'deviceToken',
        value: 'ExponentPushToken[blk-newbie]',
        severity: 'signUp',
        reason: 'Farm device',
      });
      await t.database.db.execute(
        sql`INSERT INTO device_token_holders (token, user_id) VALUES ('ExponentPushToken[blk-newbie]', ${userId})`,
      );
      const register = await call('blknewbie', 'POST', '/user', {
        userName: 'blknewbie',
        firstName: 'New',
        lastName: 'Bie',
        acceptedTerms: true,
      });
      expect(register).toMatchObject(refused);
      expect((await bid('blknewbie')).status).toBe(200);

      const ipUser = await me('blkipuser');
      await t.database.db.execute(
        sql`INSERT INTO sign_in_ips (user_id, ip, kind) VALUES (${ipUser}, '198.51.100.77', 'signIn')`,
      );
      const range = Block.parse(
        (await block({ kind: 'ipRange', value: '198.51.100.0/24', severity: 'trade', reason: 'Farm' })).body,
      );
      expect(await bid('blkipuser')).toMatchObject(refused);
      await lift(range.id);
      const outside = Block.parse(
        (await block({ kind: 'ipRange', value: '198.51.101.0/24', severity: 'trade', reason: 'Farm' })).body,
      );
      expect((await bid('blkipuser')).status).toBe(200);
      await lift(outside.id);
    });

    it('a review block refuses nothing and opens one review case (source block) on the account', async () => {
      const userId = await me('blkreview');
      await t.database.db.execute(sql`UPDATE users SET phone_number = '+14155550177' WHERE id = ${userId}`);
      const made = Block.parse(
        (await block({ kind: 'phone', value: '415 555 0177', severity: 'review', reason: 'Watch' })).body,
      );
      expect((await bid('blkreview')).status).toBe(200);
      expect((await bid('blkreview')).status).toBe(200);
      const cases = await rows<{ source: string; subject_type: string; status: string }>(
        sql`SELECT source, subject_type, status FROM review_cases WHERE subject_id = ${userId}`,
      );
      expect(cases).toEqual([{ source: 'block', subject_type: 'user', status: 'open' }]);
      await lift(made.id);
    });

    it('an expired block stops applying and leaves the list', async () => {
      const userId = await addCard('blkexpiry', '7003');
      const made = Block.parse(
        (
          await block({
            kind: 'cardFingerprint',
            value: 'visa:7003:12/2030',
            severity: 'trade',
            reason: 'For a moment',
            expiresAt: new Date(Date.now() + 1_500).toISOString(),
          })
        ).body,
      );
      expect(await bid('blkexpiry')).toMatchObject(refused);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect((await bid('blkexpiry')).status).toBe(200);
      const listed = await call('mod', 'GET', '/admin/blocks?kind=cardFingerprint&limit=100');
      expect((listed.body.items as Block[]).map((item) => item.id)).not.toContain(made.id);
      // The identifier may be blocked again: the expired block makes room.
      expect(
        (await block({ kind: 'cardFingerprint', value: 'visa:7003:12/2030', severity: 'review', reason: 'Again' }))
          .status,
      ).toBe(200);
      expect(userId).toBeTruthy();
    });
  });

  describe('POST /admin/users/{id}/ring/block', () => {
    it('blocks every hard identifier of every ring member in one step; a new account with the ring’s card cannot bid', async () => {
      // The ring shares a card, saved through the app (the ledger's visa debit test card).
      const saveCard = async (user: string) => {
        const saved = await call(user, 'POST', '/payments/card', { token: 'tok_visa_debit' });
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
        return saved.body as { exp_month: number; exp_year: number };
      };
      const ann = await me('blkringann');
      const bob = await me('blkringbob');
      const card = await saveCard('blkringann');
      await saveCard('blkringbob');
      const fingerprint = `visa:5556:${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
      await t.database.db.execute(sql`UPDATE users SET phone_number = '+14155550188' WHERE id = ${bob}`);
      const answer = await call('mod', 'POST', `/admin/users/${ann}/ring/block`, {
        severity: 'trade',
        reason: 'Shill ring',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = RingBlocks.parse(answer.body);
      const made = result.items.map((item) => `${item.kind} ${item.value}`).sort();
      expect(made).toEqual(
        [
          'canonicalEmail blkringann@market.test',
          'canonicalEmail blkringbob@market.test',
          `cardFingerprint ${fingerprint}`,
          'phone +14155550188',
        ].sort(),
      );
      expect(result.created).toBe(4);
      const audited = await rows<{ n: number | string }>(
        sql`SELECT count(*) AS n FROM admin_actions WHERE record_type = 'block' AND action = 'createBlock'
            AND record_id IN (SELECT id FROM blocks WHERE reason = 'Shill ring')`,
      );
      expect(Number(audited[0]!.n)).toBe(4);
      // Again: everything is blocked already, nothing new.
      const again = await call('mod', 'POST', `/admin/users/${ann}/ring/block`, {
        severity: 'trade',
        reason: 'Shill ring',
      });
      expect(again.body).toMatchObject({ created: 0, items: [] });

      // A new account saves the ring's card and bids at once.
      expect((await bid('blkringnew')).status).toBe(200);
      await saveCard('blkringnew');
      expect(await bid('blkringnew')).toMatchObject(refused);
      expect(
        (await call('mod', 'POST', '/admin/users/nobody/ring/block', { severity: 'trade', reason: 'x' })).status,
      ).toBe(404);
      expect(
        (await call('sup1', 'POST', `/admin/users/${ann}/ring/block`, { severity: 'trade', reason: 'x' })).status,
      ).toBe(403);
    });
  });
}
