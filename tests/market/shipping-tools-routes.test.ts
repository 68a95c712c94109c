// Shipping tools and bulk shipping documents.
// Through the real app (app.inject, embedded PGlite, the token-<name> fake identity): each route's answer,
// each refusal (401, 400, 403, 404, 409) and the realtime events. Set-up in order-history-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import {
  localLabels,
  runShippingDocument,
  runUnfinishedShippingDocuments,
  shippingDocumentsSettled,
} from '../../server/modules/fulfilment/index.js';
import {
  address,
  app,
  type Body,
  call,
  database,
  delivered,
  events,
  ids,
  type Items,
  log,
  me,
  sold,
  statusOf,
  useOrderHistoryApp,
} from './order-history-app.js';

describe('order history, reviews, shipping documents and user reads', () => {
  useOrderHistoryApp();

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
});
