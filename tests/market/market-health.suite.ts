// GET /admin/metrics/market and the rollups behind it, run once per driver
// (market-health-routes.test.ts on PGlite, market-health-postgres.test.ts on PostgreSQL): the
// range rules of the contract, who sees money, and the recount property.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketMetrics } from '../../shared/contract/admin-metrics-routes.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import { queryRows } from '../../server/platform/db/database.js';
import { watchMarketDay } from '../../server/modules/market-health/index.js';
import { openTestApp, type TestApp } from '../support/app-fixture.js';
import { roleIdentity } from './accountability-app.js';
import { checkRecount, keptAndRecounted } from './market-health-recount.js';

export function marketHealthSuite(driver: 'pglite' | 'postgres', postgresAdminUrl?: string): void {
  describe(`market health on ${driver}`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await openTestApp({
        identity: roleIdentity,
        rateLimitMax: 100_000,
        ...(postgresAdminUrl ? { postgresAdminUrl } : {}),
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const get = (query: string, token: string | null = 'token-admin') =>
      t.app.inject({
        method: 'GET',
        url: `/v1/admin/metrics/market${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const metrics = async (query: string, token?: string) => {
      const answer = await get(query, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return MarketMetrics.parse(answer.json()).series;
    };
    const refused = async (query: string, message?: RegExp) => {
      const answer = await get(query);
      expect(answer.statusCode, answer.body).toBe(400);
      const body = ApiErrorBody.parse(answer.json());
      if (message) expect(body.message).toMatch(message);
    };

    it('refuses a range the contract does not allow with 400', async () => {
      await refused('');
      await refused('?from=2026-01-01');
      await refused('?to=2026-01-01');
      await refused('?from=2026-01-02&to=2026-01-01', /from must not be after to/);
      await refused('?from=2026-01-01&to=2027-01-02', /at most 366 days/);
      await refused('?from=2026-02-30&to=2026-03-01', /from must be a date/);
      // A date-time without an offset names no instant (a date-time with one names its UTC day).
      await refused('?from=2026-01-01T00:00:00&to=2026-03-01');
      await refused('?from=2026-01-01&to=2026-01-02&interval=month');
      await refused('?from=2026-01-01&to=2026-01-02&limit=5');
    });

    it('answers every day of the range, zeros included, up to 366 days', async () => {
      const year = await metrics('?from=2024-01-01&to=2024-12-31');
      expect(year).toHaveLength(366);
      expect(year[0]).toEqual({
        date: '2024-01-01',
        gmv: 0,
        orders: 0,
        bids: 0,
        newUsers: 0,
        newListings: 0,
        refunds: 0,
        casesOpened: 0,
        casesResolved: 0,
      });
      expect(year.at(-1)!.date).toBe('2024-12-31');
      expect(await metrics('?from=2024-02-29&to=2024-02-29&interval=day')).toHaveLength(1);
    });

    it('counts a sale on its UTC day, sums weeks under their Monday, and leaves money to finance and the owner', async () => {
      const db = t.database.db;
      // Tuesday 2025-06-03 23:59:59 UTC and Wednesday 00:00:00: two days.
      const [seller] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO users (firebase_id, email, created_at)
            VALUES ('mh-seller', 'mh-seller@market.test', '2025-06-03T23:59:59Z') RETURNING id`,
      );
      await db.execute(sql`
        WITH listing AS (
          INSERT INTO listings (user_id, title, listing_type, price_cents, created_at)
          VALUES (${seller!.id}, 'Lamp', 'default', 1250, '2025-06-04T00:00:00Z') RETURNING id, user_id
        ), placed AS (
          INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
          SELECT id, user_id, user_id, 1250, 'PAYMENT_CONFIRMED', '2025-06-04T10:00:00Z' FROM listing RETURNING id
        ), paid AS (
          INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
          SELECT id, 'order_payment', 'succeeded', 1250, '2025-06-04T10:00:00Z' FROM placed
        )
        INSERT INTO transactions (order_id, type, status, amount_cents, created_at)
        SELECT id, 'admin_refund', 'succeeded', 250, '2025-06-09T08:00:00Z' FROM placed`);
      const days = await metrics('?from=2025-06-03&to=2025-06-04');
      expect(days).toEqual([
        expect.objectContaining({ date: '2025-06-03', newUsers: 1, newListings: 0, gmv: 0 }),
        expect.objectContaining({ date: '2025-06-04', newListings: 1, orders: 1, gmv: 12.5 }),
      ]);
      // Wednesday to the next Tuesday: the week of Monday 2025-06-02 (partial) and of 2025-06-09.
      const weeks = await metrics('?from=2025-06-04&to=2025-06-10&interval=week');
      expect(weeks.map((row) => [row.date, row.gmv, row.refunds, row.newUsers])).toEqual([
        ['2025-06-02', 12.5, 0, 0],
        ['2025-06-09', 0, 2.5, 0],
      ]);

      for (const role of ['moderator', 'support']) {
        const [row] = await metrics('?from=2025-06-04&to=2025-06-04', `token-role-${role}`);
        expect(row).toEqual({
          date: '2025-06-04',
          orders: 1,
          bids: 0,
          newUsers: 0,
          newListings: 1,
          casesOpened: 0,
          casesResolved: 0,
        });
      }
      const [finance] = await metrics('?from=2025-06-04&to=2025-06-04', 'token-role-finance');
      expect(finance).toMatchObject({ gmv: 12.5, refunds: 0 });
      expect((await get('?from=2025-06-04&to=2025-06-04', 'token-buyer')).statusCode).toBe(403);
      expect((await get('?from=2025-06-04&to=2025-06-04', null)).statusCode).toBe(401);

      // A cancel takes the sale out of its day: GMV and orders; the refund stays where it was.
      await db.execute(
        sql`UPDATE orders SET status = 'cancelled' WHERE price_cents = 1250 AND seller_id = ${seller!.id}`,
      );
      const [cancelled] = await metrics('?from=2025-06-04&to=2025-06-04');
      expect(cancelled).toMatchObject({ gmv: 0, orders: 0, newListings: 1 });
      const [refundDay] = await metrics('?from=2025-06-09&to=2025-06-09');
      expect(refundDay).toMatchObject({ refunds: 2.5 });
    });

    it('exports the series as CSV on the tables’ export route: the metrics’ rows, money for finance and the owner only', async () => {
      const exported = (query: string, token = 'token-admin') =>
        t.app.inject({
          method: 'GET',
          url: `/v1/admin/export/marketSeries${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
      const owner = await exported('?from=2025-06-03&to=2025-06-09&series=refunds,gmv,orders');
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.headers['content-type']).toMatch(/^text\/csv/);
      // The same days as the metrics route, in the contract's order of series, dollars with two decimals.
      const days = await metrics('?from=2025-06-03&to=2025-06-09');
      expect(owner.body).toBe(
        [
          'Date,GMV,Orders,Refunds',
          ...days.map((d) => `${d.date},${d.gmv!.toFixed(2)},${d.orders},${d.refunds!.toFixed(2)}`),
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
      );
      const weeks = await exported('?from=2025-06-04&to=2025-06-10&interval=week&series=refunds');
      expect(weeks.body).toBe('Date,Refunds\r\n2025-06-02,0.00\r\n2025-06-09,2.50\r\n');
      // A moderator's file has no money columns, whatever it asks for; finance's has them.
      for (const [token, header] of [
        ['token-role-moderator', 'Date,Orders,Bids,New users,New listings,Cases opened,Cases resolved'],
        ['token-role-finance', 'Date,GMV,Orders,Bids,New users,New listings,Refunds,Cases opened,Cases resolved'],
      ] as const) {
        const answer = await exported('?from=2025-06-03&to=2025-06-04', token);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.body.split('\r\n')[0]).toBe(header);
      }
      const asked = await exported('?from=2025-06-04&to=2025-06-04&series=gmv,orders', 'token-role-moderator');
      expect(asked.body.split('\r\n')[0]).toBe('Date,Orders');
      // The range rules of the metrics route, and nothing of a table's.
      for (const query of [
        '',
        '?from=2025-06-03',
        '?from=2025-06-04&to=2025-06-03',
        '?from=2025-01-01&to=2026-01-02',
        '?from=2025-06-03&to=2025-06-04&series=price',
        '?from=2025-06-03&to=2025-06-04&sortBy=createdAt',
        '?from=2025-06-03&to=2025-06-04&search=lamp',
        '?from=2025-06-03&to=2025-06-04&interval=month',
      ]) {
        expect((await exported(query)).statusCode, query).toBe(400);
      }
      const table = await t.app.inject({
        method: 'GET',
        url: '/v1/admin/export/users?from=2025-06-03',
        headers: { authorization: 'Bearer token-admin' },
      });
      expect(table.statusCode).toBe(400);
      expect((await exported('?from=2025-06-03&to=2025-06-04', 'token-buyer')).statusCode).toBe(403);
    });

    it.runIf(driver === 'postgres')('counts concurrent bids from many connections once each', async () => {
      const db = t.database.db;
      const [seller] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO users (firebase_id, email) VALUES ('mh-race', 'mh-race@market.test') RETURNING id`,
      );
      const [listing] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents)
            VALUES (${seller!.id}, 'Race', 'auction', 100) RETURNING id`,
      );
      const before = await metrics('?from=2032-02-02&to=2032-02-02');
      await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          db.transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents, created_at)
                                 VALUES (${listing!.id}, ${seller!.id}, ${100 + index}, ${100 + index},
                                         '2032-02-02T12:00:00Z')`);
          }),
        ),
      );
      const [after] = await metrics('?from=2032-02-02&to=2032-02-02');
      expect(after!.bids).toBe(before[0]!.bids + 60);
      const { kept, recounted } = await keptAndRecounted(t.database);
      expect(kept).toEqual(recounted);
    });

    it('tells /admin once per tick in which today changed, and not when nothing did', async () => {
      const told: string[] = [];
      const today = Date.parse('2031-05-06T12:00:00Z');
      const watcher = watchMarketDay({ db: t.database.db, now: () => today }, ({ date }) => told.push(date), {
        intervalMs: 3_600_000,
      });
      try {
        await watcher.tick();
        await watcher.tick();
        expect(told).toEqual([]);
        await t.database.db.execute(
          sql`INSERT INTO review_cases (source, subject_type, subject_id, priority, reason, created_at)
              VALUES ('listingReport', 'listing', 'mh-watched', 'normal', 'spam', '2031-05-06T11:00:00Z'),
                     ('listingReport', 'listing', 'mh-watched-2', 'normal', 'spam', '2031-05-06T11:30:00Z')`,
        );
        await watcher.tick();
        await watcher.tick();
        expect(told).toEqual(['2031-05-06']);
      } finally {
        watcher.stop();
      }
    });

    it('keeps every counter equal to a recount from the base tables after random writes, refunds, cancels and deletes', async () => {
      await checkRecount(t.database, driver === 'postgres' ? 40 : 12);
      // And the backfill gives the same rows as the triggers kept.
      const before = await keptAndRecounted(t.database);
      await t.database.db.execute(sql`SELECT recount_market_days()`);
      const after = await keptAndRecounted(t.database);
      expect(after.kept).toEqual(before.kept);
      expect(after.kept).toEqual(after.recounted);
    }, 240_000);
  });
}
