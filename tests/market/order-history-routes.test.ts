// Order history, reviews, shipping tools, bulk shipping documents and the notification, bid and
// chat reads, through the real app (app.inject, embedded PGlite, the token-<name> fake identity):
// each route's answer, each refusal (401, 400, 403, 404, 409) and the realtime events.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import {
  localLabels,
  runShippingDocument,
  runUnfinishedShippingDocuments,
  shippingDocumentsSettled,
} from '../../server/modules/fulfilment/index.js';
import { enableSellers, fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

const address = (type: 'DEFAULT' | 'RETURN_ADDRESS', firstName: string) => ({
  firstName,
  lastName: 'Doe',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  type,
});

type Body = Record<string, unknown>;
type Items<T = Body> = { count: number; items: T[] };

describe('order history, reviews, shipping documents and user reads', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, identity: fakeIdentity });
    app.market.events.attach(recordingPublisher(log));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const ids = new Map<string, string>();
  const me = async (user: string) => {
    if (!ids.has(user)) ids.set(user, (await call(user, 'GET', '/user/my-details')).body.id as string);
    return ids.get(user)!;
  };
  const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
  /** A paid order of a fresh buy-now listing. */
  const sold = async (seller: string, buyer: string, title: string, price = 25) => {
    await enableSellers(app, seller);
    const listing = await call(seller, 'POST', '/listing', { title, price });
    const order = await call(buyer, 'POST', '/order', { listingId: listing.body.id });
    expect(order.body.status).toBe('PAYMENT_CONFIRMED');
    return order.body.orderId as string;
  };
  const statusOf = async (orderId: string) =>
    (await queryRows<{ status: string }>(database.db, sql`SELECT status FROM orders WHERE id = ${orderId}`))[0]!.status;
  /** Label printed, then the carrier scans it delivered. */
  const delivered = async (seller: string, buyer: string, title: string) => {
    const orderId = await sold(seller, buyer, title);
    const label = await call(seller, 'POST', `/order-group/generate-shipping-label/${orderId}/4x6`);
    expect(label.status).toBe(200);
    const scan = await call('admin', 'POST', '/shipping/tracking', {
      trackingCode: label.body.trackingCode,
      status: 'SHIPPING_DELIVERED',
    });
    expect(scan.status).toBe(200);
    return orderId;
  };

  beforeAll(async () => {
    for (const [user, type] of [
      ['sally', 'RETURN_ADDRESS'],
      ['otto', 'RETURN_ADDRESS'],
      ['bob', 'DEFAULT'],
      ['carl', 'DEFAULT'],
    ] as const) {
      expect((await call(user, 'POST', '/user/shipping-info', address(type, user))).status).toBe(201);
    }
  });

  it('documents every route of the area in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/order',
        '/v1/order/pending-reviews',
        '/v1/order/skip-reviews',
        '/v1/order/purchased-orders/{userId}',
        '/v1/order/sold-orders/{userId}',
        '/v1/order/seller/{id}',
        '/v1/shipping',
        '/v1/shipping/validate-address',
        '/v1/shipping/quote',
        '/v1/bulk-shipping',
        '/v1/bulk-shipping/by-seller',
        '/v1/bulk-shipping/{id}',
        '/v1/bulk-shipping/{id}/document',
        '/v1/notifications/count-by-types',
        '/v1/notifications/mark-as-read-by-types',
        '/v1/notifications/send-new-message-notification',
        '/v1/bid/user/unique/{id}',
        '/v1/chat/user-chats/{id}',
      ]),
    );
    expect(document.paths['/v1/bulk-shipping']!.post!.security).toBeDefined();
    expect(document.paths['/v1/order/sold-orders/{userId}']!.get!.security).toBeUndefined();
  });

  it('answers 401 without a token on the secured routes', async () => {
    for (const [method, url] of [
      ['GET', '/order'],
      ['GET', '/order/pending-reviews'],
      ['POST', '/order/skip-reviews'],
      ['GET', '/order/seller/x'],
      ['POST', '/shipping/quote'],
      ['POST', '/bulk-shipping'],
      ['GET', '/notifications/count-by-types'],
      ['GET', '/chat/user-chats/x'],
    ] as const) {
      expect((await call(null, method, url, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });

  describe('orders', () => {
    let bought: string;
    let shippedToCarl: string;

    beforeAll(async () => {
      bought = await sold('sally', 'bob', 'Brass compass', 40);
      shippedToCarl = await delivered('sally', 'carl', 'Tin soldier');
      await sold('otto', 'sally', 'Pocket watch', 80);
    });

    it("lists the caller's orders as buyer and seller, each with its side's label", async () => {
      const all = (await call('sally', 'GET', '/order?limit=100')).body as Items;
      const mine = all.items.filter((item) => [bought, shippedToCarl].includes(item.id as string));
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: bought,
            role: 'seller',
            statusLabel: 'Awaiting Shipping',
            section: 'createLabel',
          }),
          expect.objectContaining({ id: shippedToCarl, role: 'seller', statusLabel: 'Delivered' }),
        ]),
      );
      const purchase = all.items.find((item) => item.role === 'buyer')!;
      expect(purchase).toMatchObject({
        listing: { title: 'Pocket watch' },
        price: 80,
        statusLabel: 'Awaiting Shipping',
      });
      expect(purchase.seller).toEqual({ id: await me('otto'), userName: expect.any(String) });
      // The seller's label details are not the buyer's business.
      expect(purchase).not.toHaveProperty('labelUrl');
      expect(purchase).not.toHaveProperty('labelFailureReason');
      expect(all.count).toBe(all.items.length);
    });

    it('filters by role and status family, and pages with the full count', async () => {
      const sales = (await call('sally', 'GET', '/order?role=seller')).body as Items;
      expect(sales.items.every((item) => item.role === 'seller')).toBe(true);
      const purchases = (await call('sally', 'GET', '/order?role=buyer')).body as Items;
      expect(purchases.items.map((item) => item.role)).toEqual(['buyer']);
      const deliveredSales = (await call('sally', 'GET', '/order?role=seller&statusFamily=delivered')).body as Items;
      expect(deliveredSales.items.map((item) => item.id)).toEqual([shippedToCarl]);
      const page = (await call('sally', 'GET', '/order?limit=1&page=2')).body as Items;
      expect(page.items).toHaveLength(1);
      expect(page.count).toBe(sales.count + purchases.count);
    });

    it('refuses an unknown filter value or query parameter with 400', async () => {
      expect((await call('sally', 'GET', '/order?statusFamily=lost')).status).toBe(400);
      expect((await call('sally', 'GET', '/order?role=admin')).status).toBe(400);
      const typo = await call('sally', 'GET', '/order?stat=delivered');
      expect(typo.status).toBe(400);
      expect(typo.body.message).toContain('stat');
    });

    it('shows one order to its seller only', async () => {
      expect(await call('sally', 'GET', `/order/seller/${bought}`)).toMatchObject({
        status: 200,
        body: { id: bought, statusLabel: 'Awaiting Shipping', buyer: { id: await me('bob') } },
      });
      expect((await call('bob', 'GET', `/order/seller/${bought}`)).status).toBe(404);
      expect((await call('otto', 'GET', `/order/seller/${bought}`)).status).toBe(404);
      expect((await call('sally', 'GET', '/order/seller/nope')).status).toBe(404);
    });

    it("shows a user's public purchases and sales without anything private", async () => {
      const purchases = (await call(null, 'GET', `/order/purchased-orders/${await me('carl')}`)).body as Items;
      expect(purchases.items).toEqual([
        {
          id: shippedToCarl,
          soldAt: expect.any(String),
          listing: { id: expect.any(String), title: 'Tin soldier', listingType: 'default', video: null, price: 25 },
          seller: { id: await me('sally'), userName: expect.any(String), avatar: null },
        },
      ]);
      const sales = (await call(null, 'GET', `/order/sold-orders/${await me('sally')}?limit=1`)).body as Items;
      expect(sales.count).toBeGreaterThanOrEqual(2);
      expect(sales.items).toHaveLength(1);
      expect(JSON.stringify(sales.items)).not.toMatch(/buyer|address|status|shippingPrice/i);
      expect((await call(null, 'GET', '/order/sold-orders/nobody')).status).toBe(404);
      expect((await call(null, 'GET', `/order/sold-orders/${await me('sally')}?limit=0`)).status).toBe(400);
    });
  });

  describe('reviews', () => {
    const orders: string[] = [];
    let undelivered: string;

    beforeAll(async () => {
      for (const title of ['Globe', 'Atlas', 'Sextant']) orders.push(await delivered('otto', 'carl', title));
      undelivered = await sold('otto', 'carl', 'Telescope');
    });
    const pending = async () =>
      ((await call('carl', 'GET', '/order/pending-reviews?limit=100')).body as Items).items.map((item) => item.id);

    it('lists delivered purchases not yet rated nor skipped', async () => {
      const list = (await call('carl', 'GET', '/order/pending-reviews?limit=100')).body as Items;
      expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining(orders));
      expect(list.items.map((item) => item.id)).not.toContain(undelivered);
      expect(list.items.find((item) => item.id === orders[0])).toMatchObject({
        listing: { title: 'Globe' },
        seller: { id: await me('otto') },
        deliveredAt: expect.any(String),
      });
      expect(list.count).toBe(list.items.length);
    });

    it('drops a rated order', async () => {
      expect((await call('carl', 'POST', '/rate', { orderId: orders[0], rate: 5 })).status).toBe(201);
      expect(await pending()).not.toContain(orders[0]);
    });

    it('skips the review of delivered orders, and skipping twice changes nothing', async () => {
      expect(await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[1]] })).toEqual({
        status: 200,
        body: { orderIds: [orders[1]], newlySkipped: 1 },
      });
      expect(await pending()).not.toContain(orders[1]);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[1]] })).body).toMatchObject({
        newlySkipped: 0,
      });
      // A skipped review can still be written later.
      expect((await call('carl', 'POST', '/rate', { orderId: orders[1], rate: 4 })).status).toBe(201);
    });

    it('refuses all of them when one cannot be skipped', async () => {
      const refused = await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2], undelivered] });
      expect(refused).toEqual({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: `Order ${undelivered} was not delivered yet` },
      });
      expect(await pending()).toContain(orders[2]);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[0]] })).body.message).toBe(
        `Order ${orders[0]} was already rated`,
      );
      expect((await call('bob', 'POST', '/order/skip-reviews', { orderIds: [orders[2]] })).status).toBe(404);
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: ['nope'] })).status).toBe(404);
    });

    it('refuses an empty, repeated or extended body with 400', async () => {
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [] })).status).toBe(400);
      const twice = await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2], orders[2]] });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toContain('must not name the same order twice');
      expect((await call('carl', 'POST', '/order/skip-reviews', { orderIds: [orders[2]], all: true })).status).toBe(
        400,
      );
    });
  });

  describe('shipping tools', () => {
    it('lists the carrier services and the shipping settings without a token', async () => {
      const options = await call(null, 'GET', '/shipping');
      expect(options.status).toBe(200);
      expect(options.body).toMatchObject({
        defaultShippingType: 'seller_pays',
        defaultMinPackageWeightOz: 12,
        defaultMassUnit: 'oz',
        labelSizes: ['8.5x11', '4x6'],
      });
      expect((options.body.services as Body[]).map((service) => service.name)).toEqual([
        'USPS Ground Advantage',
        'USPS Priority Mail',
        'USPS Priority Mail Express',
      ]);
    });

    it('validates and normalises an address, or answers its field errors', async () => {
      const good = await call('bob', 'POST', '/shipping/validate-address', {
        firstName: 'Bob',
        lastName: 'Doe',
        addressLineOne: ' 12  elm st ',
        city: 'austin',
        state: 'texas',
        zipCode: '787011234',
      });
      expect(good).toEqual({
        status: 200,
        body: {
          valid: true,
          address: {
            firstName: 'Bob',
            lastName: 'Doe',
            addressLineOne: '12 ELM ST',
            addressLineTwo: null,
            city: 'AUSTIN',
            state: 'TX',
            zipCode: '78701-1234',
            country: 'US',
          },
        },
      });
      const bad = await call('bob', 'POST', '/shipping/validate-address', { firstName: 'Bob', state: 'ZZ' });
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({
        valid: false,
        errors: { lastName: 'Last name is required', state: 'ZZ is not a US state or territory code' },
      });
      expect((await call('bob', 'POST', '/shipping/validate-address', { zip: '78701' })).status).toBe(400);
      expect((await call('bob', 'POST', '/shipping/validate-address', { city: 5 })).status).toBe(400);
    });

    it('quotes the rate table: minimum weight of the subcategory, dimensional weight, zone', async () => {
      const quote = await call('sally', 'POST', '/shipping/quote', { fromZip: '10001', toZip: '90001', weight: 4 });
      expect(quote.status).toBe(200);
      expect(quote.body).toMatchObject({ zone: 8, actualWeightOz: 4, minPackageWeightOz: 12, billableWeightOz: 12 });
      expect((quote.body.rates as Body[])[0]).toEqual({
        service: 'usps_ground_advantage',
        name: 'USPS Ground Advantage',
        available: true,
        amount: 8.65,
        deliveryDays: { min: 2, max: 5 },
      });

      const [category] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO categories (title) VALUES ('Maps') RETURNING id`,
      );
      const [heavy] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO subcategories (category_id, title, min_package_weight_in_oz)
            VALUES (${category!.id}, 'Framed maps', 40) RETURNING id`,
      );
      const framed = await call('sally', 'POST', '/shipping/quote', {
        fromZip: '78701',
        toZip: '78705-1234',
        weight: 1,
        massUnit: 'lbs',
        subCategoryId: heavy!.id,
      });
      expect(framed.body).toMatchObject({ zone: 1, actualWeightOz: 16, minPackageWeightOz: 40, billableWeightOz: 40 });

      const bulky = await call('sally', 'POST', '/shipping/quote', {
        fromZip: '78701',
        toZip: '78705',
        weight: 8,
        length: 12,
        width: 12,
        height: 13,
      });
      expect(bulky.body).toMatchObject({ dimensionalWeightOz: 192, billableWeightOz: 192 });

      // A service that refuses the parcel says why (the documented answer has both shapes).
      const long = await call('sally', 'POST', '/shipping/quote', {
        fromZip: '78701',
        toZip: '78705',
        weight: 2,
        length: 120,
        width: 10,
        height: 10,
      });
      expect(long.status).toBe(200);
      expect(long.body.rates as Body[]).toContainEqual(
        expect.objectContaining({ available: false, reason: expect.any(String) }),
      );
    });

    it('refuses a bad ZIP, an unknown subcategory or a missing weight', async () => {
      const zip = await call('sally', 'POST', '/shipping/quote', { fromZip: '1234', toZip: '90001', weight: 4 });
      expect(zip.status).toBe(400);
      expect(zip.body.message).toContain('fromZip');
      expect(
        (await call('sally', 'POST', '/shipping/quote', { fromZip: '00000', toZip: '90001', weight: 4 })).body,
      ).toMatchObject({ statusCode: 400, message: 'body/fromZip: must be a US ZIP code (12345 or 12345-6789)' });
      expect((await call('sally', 'POST', '/shipping/quote', { fromZip: '10001', toZip: '90001' })).status).toBe(400);
      expect(
        (
          await call('sally', 'POST', '/shipping/quote', {
            fromZip: '10001',
            toZip: '90001',
            weight: 4,
            subCategoryId: 'nope',
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('bulk shipping documents', () => {
    it('lists the orders ready for bulk shipping, grouped by buyer', async () => {
      const [a, b, c] = [
        await sold('sally', 'bob', 'Lamp'),
        await sold('sally', 'bob', 'Shade'),
        await sold('sally', 'carl', 'Bulb'),
      ];
      const groups = (await call('sally', 'GET', '/bulk-shipping/by-seller')).body as Items<{
        buyer: { id: string };
        count: number;
        orders: { id: string; statusLabel: string }[];
      }>;
      const bob = groups.items.find((group) => group.buyer.id === ids.get('bob'))!;
      const carl = groups.items.find((group) => group.buyer.id === ids.get('carl'))!;
      expect(bob.orders.map((order) => order.id)).toEqual(expect.arrayContaining([a, b]));
      expect(carl.orders.map((order) => order.id)).toContain(c);
      expect(bob.orders.every((order) => order.statusLabel === 'Awaiting Shipping')).toBe(true);
      // Delivered orders are not shippable again.
      expect(JSON.stringify(groups)).not.toContain('"Delivered"');
    });

    it('prints the labels and packing slips of several orders into one PDF in the background', async () => {
      const orderIds = [await sold('sally', 'bob', 'Vase'), await sold('sally', 'carl', 'Urn')];
      log.length = 0;
      const requested = await call('sally', 'POST', '/bulk-shipping', { orderIds, labelSize: '4x6' });
      expect(requested.status).toBe(202);
      expect(requested.body).toMatchObject({
        fileStatus: 'Pending',
        labelSize: '4x6',
        url: null,
        orders: [
          { orderId: orderIds[0], title: 'Vase', fileStatus: 'Pending' },
          { orderId: orderIds[1], title: 'Urn', fileStatus: 'Pending' },
        ],
      });
      const jobId = requested.body.id as string;
      await shippingDocumentsSettled(app.market);

      const job = await call('sally', 'GET', `/bulk-shipping/${jobId}`);
      const url = `/v1/bulk-shipping/${jobId}/document`;
      expect(job.body).toMatchObject({
        fileStatus: 'Generated',
        url,
        pageCount: 4,
        failureReason: null,
        orders: [
          { orderId: orderIds[0], fileStatus: 'Generated', url: `${url}#page=1` },
          { orderId: orderIds[1], fileStatus: 'Generated', url: `${url}#page=3` },
        ],
      });
      for (const orderId of orderIds) expect(await statusOf(orderId)).toBe('SHIPPING_LABEL_PRINTED');

      const sallyRoom = [`user:${await me('sally')}`];
      expect(events('shippingLabelGenerated')).toHaveLength(2);
      expect(events('orderDocumentsGenerated')).toEqual([
        expect.objectContaining({ rooms: sallyRoom, payload: { id: orderIds[0], url: `${url}#page=1` } }),
        expect.objectContaining({ rooms: sallyRoom, payload: { id: orderIds[1], url: `${url}#page=3` } }),
      ]);
      expect(events('bulkShippingDocumentsGenerated')).toEqual([
        expect.objectContaining({ rooms: sallyRoom, payload: { id: jobId, url } }),
      ]);

      const file = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer token-sally' } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      const pdf = file.rawPayload.toString('latin1');
      expect(pdf.startsWith('%PDF-1.4')).toBe(true);
      expect(pdf).toContain('/Count 4');
      expect(pdf).toContain('(PACKING SLIP)');
      expect(pdf).toContain('(Vase)');
      for (const orderId of orderIds) {
        const [order] = await queryRows<{ tracking_code: string }>(
          database.db,
          sql`SELECT tracking_code FROM orders WHERE id = ${orderId}`,
        );
        expect(pdf).toContain(`(TRACKING # ${order!.tracking_code})`);
      }

      const list = (await call('sally', 'GET', '/bulk-shipping')).body as Items;
      expect(list.items[0]).toMatchObject({ id: jobId, fileStatus: 'Generated' });
      expect((await call('otto', 'GET', `/bulk-shipping/${jobId}`)).status).toBe(404);
      expect((await call('otto', 'GET', `/bulk-shipping/${jobId}/document`)).status).toBe(404);
      expect((await call('sally', 'GET', '/bulk-shipping/nope')).status).toBe(404);
    });

    it('refuses up front an order of another seller, one not shippable, or a missing address, writing nothing', async () => {
      const jobsBefore = ((await call('sally', 'GET', '/bulk-shipping')).body as Items).count;
      const mine = await sold('sally', 'bob', 'Kettle');
      const others = await sold('otto', 'bob', 'Teapot');
      const foreign = await call('sally', 'POST', '/bulk-shipping', { orderIds: [mine, others], labelSize: '4x6' });
      expect(foreign).toMatchObject({ status: 404, body: { message: `Order ${others} not found` } });
      const done = await delivered('sally', 'bob', 'Cup');
      const late = await call('sally', 'POST', '/bulk-shipping', { orderIds: [mine, done], labelSize: '4x6' });
      expect(late).toMatchObject({
        status: 409,
        body: { message: `Order ${done} (Cup) cannot be shipped now: Delivered` },
      });
      expect((await call('sally', 'POST', '/bulk-shipping', { orderIds: ['nope'], labelSize: '4x6' })).status).toBe(
        404,
      );
      // Dave has no return address, Erin (his buyer) no default address.
      const daves = await sold('dave', 'erin', 'Spoon');
      expect((await call('dave', 'POST', '/bulk-shipping', { orderIds: [daves], labelSize: '4x6' })).body.message).toBe(
        'Add a return address to your shipping information before printing labels',
      );
      await call('dave', 'POST', '/user/shipping-info', address('RETURN_ADDRESS', 'Dave'));
      expect((await call('dave', 'POST', '/bulk-shipping', { orderIds: [daves], labelSize: '4x6' })).body.message).toBe(
        `The buyer of Order ${daves} (Spoon) has no default shipping address yet`,
      );
      expect(((await call('sally', 'GET', '/bulk-shipping')).body as Items).count).toBe(jobsBefore);
      expect(await statusOf(mine)).toBe('PAYMENT_CONFIRMED');
    });

    it('refuses a bad body with 400', async () => {
      const mine = await sold('sally', 'bob', 'Saucer');
      for (const body of [
        { orderIds: [mine], labelSize: 'A4' },
        { orderIds: [], labelSize: '4x6' },
        { orderIds: [mine, mine], labelSize: '4x6' },
        { orderIds: [mine], labelSize: '4x6', rush: true },
        { orderIds: Array.from({ length: 51 }, (_, i) => `o${i}`), labelSize: '4x6' },
      ]) {
        expect((await call('sally', 'POST', '/bulk-shipping', body)).status).toBe(400);
      }
    });

    it('marks the job Failed with the reason when a label fails mid-job, keeping the labels already printed', async () => {
      const orderIds = [await sold('sally', 'bob', 'Clock'), await sold('sally', 'carl', 'Barometer')];
      let calls = 0;
      app.market.labels = {
        createLabel: async (request) => {
          calls += 1;
          return calls === 2 ? { ok: false, reason: 'Address not deliverable' } : localLabels().createLabel(request);
        },
      };
      log.length = 0;
      try {
        const requested = await call('sally', 'POST', '/bulk-shipping', { orderIds, labelSize: '8.5x11' });
        expect(requested.status).toBe(202);
        await shippingDocumentsSettled(app.market);
        const job = await call('sally', 'GET', `/bulk-shipping/${requested.body.id}`);
        const reason = `Order ${orderIds[1]}: The shipping label could not be created: Address not deliverable`;
        expect(job.body).toMatchObject({
          fileStatus: 'Failed',
          url: null,
          failureReason: reason,
          orders: [
            { orderId: orderIds[0], fileStatus: 'Pending' },
            { orderId: orderIds[1], fileStatus: 'Failed', failureReason: reason },
          ],
        });
        expect(await statusOf(orderIds[0]!)).toBe('SHIPPING_LABEL_PRINTED');
        expect(await statusOf(orderIds[1]!)).toBe('SHIPPING_LABEL_FAILED');
        // The refused label told the seller once (fulfilment's event), the job once.
        expect(events('orderDocumentsFailed').map((event) => event.payload)).toEqual([{ id: orderIds[1], url: null }]);
        expect(events('bulkShippingDocumentsFailed').map((event) => event.payload)).toEqual([
          { id: requested.body.id, url: null },
        ]);
        expect(events('bulkShippingDocumentsGenerated')).toEqual([]);
        const file = await call('sally', 'GET', `/bulk-shipping/${requested.body.id}/document`);
        expect(file).toMatchObject({ status: 409, body: { message: `This document failed: ${reason}` } });
      } finally {
        app.market.labels = localLabels();
      }

      // Asked again: the printed label is reused (same tracking code), the failed one retried.
      const [before] = await queryRows<{ tracking_code: string }>(
        database.db,
        sql`SELECT tracking_code FROM orders WHERE id = ${orderIds[0]}`,
      );
      const again = await call('sally', 'POST', '/bulk-shipping', { orderIds, labelSize: '8.5x11' });
      await shippingDocumentsSettled(app.market);
      expect((await call('sally', 'GET', `/bulk-shipping/${again.body.id}`)).body.fileStatus).toBe('Generated');
      const [after] = await queryRows<{ tracking_code: string }>(
        database.db,
        sql`SELECT tracking_code FROM orders WHERE id = ${orderIds[0]}`,
      );
      expect(after!.tracking_code).toBe(before!.tracking_code);
    });

    it('runs a job only once, whoever else tries to take it', async () => {
      const orderId = await sold('sally', 'bob', 'Candle');
      const requested = await call('sally', 'POST', '/bulk-shipping', { orderIds: [orderId], labelSize: '4x6' });
      // A second runner (another node's sweep) finds it claimed or finished and does nothing.
      await runShippingDocument(app.market, requested.body.id as string);
      await shippingDocumentsSettled(app.market);
      const generated = events('bulkShippingDocumentsGenerated').filter(
        (event) => (event.payload as Body).id === requested.body.id,
      );
      expect(generated).toHaveLength(1);
    });
    it('takes up the jobs a stopped node left: Pending, or Generating for over 5 minutes, not a fresh one', async () => {
      const sellerId = await me('sally');
      const leftBehind = async (title: string, status: 'Pending' | 'Generating', updatedAt: Date) => {
        const orderId = await sold('sally', 'bob', title);
        const [job] = await queryRows<{ id: string }>(
          database.db,
          sql`INSERT INTO shipping_documents (seller_id, label_size, file_status, updated_at)
              VALUES (${sellerId}, '4x6', ${status}, ${updatedAt}) RETURNING id`,
        );
        await database.db.execute(
          sql`INSERT INTO shipping_document_orders (document_id, order_id, position) VALUES (${job!.id}, ${orderId}, 1)`,
        );
        return job!.id;
      };
      const pending = await leftBehind('Ladle', 'Pending', new Date());
      const stale = await leftBehind('Whisk', 'Generating', new Date(Date.now() - 10 * 60_000));
      const fresh = await leftBehind('Sieve', 'Generating', new Date());
      expect(await runUnfinishedShippingDocuments(app.market)).toBe(2);
      const statusOfJob = async (id: string) => (await call('sally', 'GET', `/bulk-shipping/${id}`)).body.fileStatus;
      expect(await statusOfJob(pending)).toBe('Generated');
      expect(await statusOfJob(stale)).toBe('Generated');
      expect(await statusOfJob(fresh)).toBe('Generating');
      await database.db.execute(
        sql`UPDATE shipping_documents SET file_status = 'Failed', failure_reason = 'test' WHERE id = ${fresh}`,
      );
    });
  });

  describe('notifications', () => {
    let chatId: string;

    beforeAll(async () => {
      chatId = (await call('bob', 'POST', '/chat', { otherUserId: await me('carl') })).body.id as string;
    });

    it('counts unread notifications per type and marks types as read', async () => {
      await call('bob', 'POST', '/message', { chatId, message: 'Hello Carl' });
      const counts = await call('carl', 'GET', '/notifications/count-by-types');
      expect(counts.status).toBe(200);
      const byType = counts.body.byType as Record<string, number>;
      expect(Object.keys(byType)).toHaveLength(14);
      expect(byType.newMessage).toBeGreaterThanOrEqual(1);
      expect(byType.orderStatusUpdate).toBeGreaterThanOrEqual(1);
      expect(counts.body.total).toBe(Object.values(byType).reduce((a, b) => a + b, 0));

      const marked = await call('carl', 'PATCH', '/notifications/mark-as-read-by-types', { types: ['newMessage'] });
      expect(marked.body).toMatchObject({ marked: byType.newMessage, byType: { newMessage: 0 } });
      expect((marked.body.byType as Record<string, number>).orderStatusUpdate).toBe(byType.orderStatusUpdate);
    });

    it('refuses unknown, repeated or no types with 400', async () => {
      for (const types of [['lunch'], [], ['newMessage', 'newMessage']]) {
        expect((await call('carl', 'PATCH', '/notifications/mark-as-read-by-types', { types })).status).toBe(400);
      }
    });

    it('notifies the other participant of a new message, once per chat while unread', async () => {
      const first = await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId });
      expect(first).toMatchObject({
        status: 201,
        body: {
          userId: await me('carl'),
          type: 'newMessage',
          body: 'Hello Carl',
          data: { chatId, senderId: await me('bob') },
          isRead: false,
        },
      });
      // POST /message refreshes the same unread notification rather than stacking one per
      // message, and so does asking again: one badge per chat.
      const unread = async () =>
        ((await call('carl', 'GET', '/notifications/count-by-types')).body.byType as Record<string, number>).newMessage;
      const before = await unread();
      await call('bob', 'POST', '/message', { chatId, message: 'Still there?' });
      await call('bob', 'POST', '/message', { chatId, message: 'Are you there?' });
      expect(await unread()).toBe(before);
      const second = await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId });
      expect(second).toMatchObject({ status: 200, body: { body: 'Are you there?', isRead: false } });
      expect(await unread()).toBe(before);
    });

    it('refuses a stranger, a message already seen, a blocked chat', async () => {
      expect((await call('otto', 'POST', '/notifications/send-new-message-notification', { chatId })).status).toBe(404);
      expect(
        (await call('otto', 'POST', '/notifications/send-new-message-notification', { chatId: 'nope' })).status,
      ).toBe(404);
      // Carl has sent nothing: nothing to notify Bob of.
      expect(
        (await call('carl', 'POST', '/notifications/send-new-message-notification', { chatId })).body,
      ).toMatchObject({ statusCode: 409, message: 'There is no unread message of yours in this chat to notify of' });
      await call('carl', 'PATCH', `/message/mark-as-read/${await me('carl')}/${await me('bob')}`);
      expect((await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId })).status).toBe(409);
      await call('bob', 'POST', '/message', { chatId, message: 'Last one' });
      await call('carl', 'POST', '/chat/block-chat', { chatId });
      expect(
        (await call('bob', 'POST', '/notifications/send-new-message-notification', { chatId })).body,
      ).toMatchObject({ statusCode: 409, message: 'This chat is blocked' });
      expect((await call('bob', 'POST', '/notifications/send-new-message-notification', {})).status).toBe(400);
    });
  });

  describe('bids and chats of one user', () => {
    it('lists the distinct auctions a user bid on, with their highest bid and lead, never their maximum', async () => {
      const end = Date.now() + 3600_000;
      await enableSellers(app, 'otto');
      const first = await call('otto', 'POST', '/listing', {
        title: 'Old map',
        listingType: 'auction',
        startingBid: 10,
        endTime: end,
      });
      const second = await call('otto', 'POST', '/listing', {
        title: 'Old coin',
        listingType: 'auction',
        startingBid: 10,
        endTime: end,
      });
      expect((await call('bob', 'POST', '/bid', { listingId: first.body.id, amount: 10 })).status).toBe(200);
      expect((await call('carl', 'POST', '/bid', { listingId: first.body.id, amount: 20 })).status).toBe(200);
      expect((await call('bob', 'POST', '/bid', { listingId: first.body.id, amount: 30, maxBid: 90 })).status).toBe(
        200,
      );
      expect((await call('bob', 'POST', '/bid', { listingId: second.body.id, amount: 10 })).status).toBe(200);
      expect((await call('carl', 'POST', '/bid', { listingId: second.body.id, amount: 15 })).status).toBe(200);

      const record = (await call(null, 'GET', `/bid/user/unique/${await me('bob')}`)).body as Items;
      expect(record.count).toBe(2);
      expect(record.items).toEqual([
        expect.objectContaining({
          listing: expect.objectContaining({ id: second.body.id, title: 'Old coin', currentBid: 10.5 }),
          highestBid: 10,
          bids: 1,
          isLeading: false,
        }),
        expect.objectContaining({
          // Carl's maximum was 20: Bob's proxy leads one increment above it.
          listing: expect.objectContaining({ id: first.body.id, currentBid: 20.5 }),
          highestBid: 20.5,
          bids: 2,
          isLeading: true,
        }),
      ]);
      expect(JSON.stringify(record)).not.toMatch(/maxBid|:90[,}]/);
      expect(
        ((await call(null, 'GET', `/bid/user/unique/${await me('bob')}?limit=1`)).body as Items).items,
      ).toHaveLength(1);
      expect((await call(null, 'GET', '/bid/user/unique/nobody')).status).toBe(404);
    });

    it("shows a user's chats to that user only", async () => {
      const own = await call('bob', 'GET', `/chat/user-chats/${await me('bob')}`);
      expect(own.status).toBe(200);
      expect((own.body as Items).items.length).toBeGreaterThanOrEqual(1);
      const other = await call('carl', 'GET', `/chat/user-chats/${await me('bob')}`);
      expect(other).toMatchObject({ status: 403, body: { message: 'Only the user themself may read their chats' } });
    });
  });
});
