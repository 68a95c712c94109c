// Order fulfilment through the real app (app.inject, embedded PGlite, a fake identity at the
// token edge, as market-routes.test.ts): the seller's shipping manager from createLabel to
// delivered, the buyer's labels on the way, and every refusal (wrong seller, illegal move,
// missing address, a label provider that fails).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { localLabels } from '../../server/modules/fulfilment/index.js';
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

type Section = { count: number; items: { id: string; status: string; statusLabel: string }[] };

describe('order fulfilment routes', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }) });
    app.market.events.attach(recordingPublisher(log));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
  const manager = async (seller: string) =>
    (await call(seller, 'GET', '/order-group')).body as Record<
      'createLabel' | 'markShipped' | 'shipped' | 'delivered',
      Section
    >;
  /** A paid order of a fresh buy-now listing. */
  const sold = async (seller: string, buyer: string, title: string) => {
    await enableSellers(app, seller);
    const listing = await call(seller, 'POST', '/listing', { title, price: 25 });
    const order = await call(buyer, 'POST', '/order', { listingId: listing.body.id });
    expect(order.body.status).toBe('PAYMENT_CONFIRMED');
    return order.body.orderId as string;
  };
  const label = (user: string | null, orderId: string, size = '4x6') =>
    call(user, 'POST', `/order-group/generate-shipping-label/${orderId}/${size}`);
  const track = (user: string, trackingCode: string, status: string) =>
    call(user, 'POST', '/shipping/tracking', { trackingCode, status });
  const purchased = async (buyer: string, orderId: string) =>
    ((await call(buyer, 'GET', '/order/purchased')).body.items as { id: string; statusLabel: string }[]).find(
      (item) => item.id === orderId,
    );

  beforeAll(async () => {
    expect((await call('seller', 'POST', '/user/shipping-info', address('RETURN_ADDRESS', 'Sally'))).status).toBe(201);
    expect((await call('buyer', 'POST', '/user/shipping-info', address('DEFAULT', 'Bob'))).status).toBe(201);
  });

  it('documents the fulfilment routes in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/order-group',
        '/v1/order-group/generate-shipping-label/{orderId}/{labelSize}',
        '/v1/order/{id}/mark-shipped',
        '/v1/shipping/tracking',
        '/v1/user/shipping-info',
      ]),
    );
  });

  it('saves an address only when the US address rules pass, in its canonical form', async () => {
    const before = (await call('addresser', 'GET', '/user/shipping-info')).body.count as number;
    for (const [field, value] of [
      ['state', 'ZZ'],
      ['zipCode', '00000'],
      ['country', 'Canada'],
      ['countryCode', 'CA'],
    ] as const) {
      const refused = await call('addresser', 'POST', '/user/shipping-info', {
        ...address('DEFAULT', 'Ada'),
        [field]: value,
      });
      expect(refused.status, `${field} ${value}`).toBe(400);
    }
    for (const path of ['/user/shipping-info-seller', '/user/shipping/info-seller']) {
      const { type: _type, ...returnAddress } = address('DEFAULT', 'Ada');
      expect((await call('addresser', 'POST', path, { ...returnAddress, state: 'ZZ' })).status).toBe(400);
    }
    expect((await call('addresser', 'GET', '/user/shipping-info')).body.count).toBe(before);

    // A state by name or in lower case, and any spelling of the country, are saved as USPS writes them.
    const saved = await call('addresser', 'POST', '/user/shipping-info', {
      ...address('DEFAULT', 'Ada'),
      state: 'texas',
      country: 'United States',
      countryCode: 'us',
    });
    expect(saved).toMatchObject({ status: 201, body: { state: 'TX', country: 'US', countryCode: 'US' } });
    const defaulted = await call('addresser', 'POST', '/user/shipping-info', {
      ...address('RETURN_ADDRESS', 'Ada'),
      state: 'co',
    });
    expect(defaulted).toMatchObject({ status: 201, body: { state: 'CO', country: 'US', countryCode: 'US' } });
  });

  it('takes an order from createLabel through markShipped and shipped to delivered', async () => {
    const orderId = await sold('seller', 'buyer', 'Brass compass');
    const [sellerId, buyerId] = [await me('seller'), await me('buyer')];
    let sections = await manager('seller');
    expect(sections.createLabel.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: orderId, statusLabel: 'Awaiting Shipping' })]),
    );
    expect(sections.createLabel.count).toBe(sections.createLabel.items.length);

    const printed = await label('seller', orderId, '8.5x11');
    expect(printed).toMatchObject({
      status: 200,
      body: {
        status: 'SHIPPING_LABEL_PRINTED',
        statusLabel: 'Label Printed',
        section: 'markShipped',
        labelSize: '8.5x11',
      },
    });
    const trackingCode = printed.body.trackingCode as string;
    expect(trackingCode).toMatch(/^9400\d{18}$/);
    const svg = Buffer.from((printed.body.labelUrl as string).split(',')[1]!, 'base64').toString();
    expect(svg).toContain('width="8.5in" height="11in"');
    expect(svg).toContain('Sally Doe');
    expect(svg).toContain('Bob Doe');
    expect(events('shippingLabelGenerated').at(-1)).toMatchObject({
      rooms: [`user:${sellerId}`],
      payload: { orderId, url: printed.body.labelUrl },
    });
    expect(events('orderStatusUpdate').at(-1)).toMatchObject({
      rooms: [`user:${buyerId}`, `user:${sellerId}`],
      payload: { orderId, status: 'SHIPPING_LABEL_PRINTED', trackingCode },
    });
    sections = await manager('seller');
    expect(sections.markShipped.items.map((item) => item.id)).toContain(orderId);
    expect(sections.createLabel.items.map((item) => item.id)).not.toContain(orderId);
    expect((await purchased('buyer', orderId))?.statusLabel).toBe('Label Printed');

    const shipped = await call('seller', 'PATCH', `/order/${orderId}/mark-shipped`);
    expect(shipped.body).toMatchObject({ status: 'SHIPPING_MARKED_SHIPPED', section: 'shipped' });
    expect(shipped.body.shippedAt).toEqual(expect.any(String));

    // Only an admin (the carrier's stand-in) posts tracking updates, and no account is made for it.
    expect((await track('seller', trackingCode, 'package_accepted')).status).toBe(403);
    expect((await track('admin', trackingCode, 'package_accepted')).body).toMatchObject({ statusLabel: 'In Transit' });
    expect((await purchased('buyer', orderId))?.statusLabel).toBe('In Transit');
    await track('admin', trackingCode, 'package_held');
    expect((await purchased('buyer', orderId))?.statusLabel).toBe('Shipped');
    sections = await manager('seller');
    expect(sections.shipped.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: orderId, statusLabel: 'Issue: Contact USPS' })]),
    );
    await track('admin', trackingCode, 'out_for_delivery');
    const delivered = await track('admin', trackingCode, 'SHIPPING_DELIVERED');
    expect(delivered.body).toMatchObject({ status: 'SHIPPING_DELIVERED', section: 'delivered' });
    expect(delivered.body.deliveredAt).toEqual(expect.any(String));
    expect((await manager('seller')).delivered.items.map((item) => item.id)).toContain(orderId);
    expect((await purchased('buyer', orderId))?.statusLabel).toBe('Delivered');

    const notifications = (await call('buyer', 'GET', '/notifications')).body.items as {
      type: string;
      data: unknown;
    }[];
    const updates = notifications.filter(
      (item) => item.type === 'orderStatusUpdate' && (item.data as { orderId: string }).orderId === orderId,
    );
    expect(updates.map((item) => (item.data as { status: string }).status)).toEqual([
      'SHIPPING_DELIVERED',
      'out_for_delivery',
      'package_held',
      'package_accepted',
      'SHIPPING_MARKED_SHIPPED',
      'SHIPPING_LABEL_PRINTED',
    ]);

    // Delivered: the buyer may rate it; nobody may move it, and an admin may not cancel it.
    expect((await call('buyer', 'POST', '/rate', { orderId, rate: 5 })).status).toBe(201);
    expect(await track('admin', trackingCode, 'package_lost')).toMatchObject({
      status: 409,
      body: { message: 'Order has been delivered' },
    });
    expect(await call('admin', 'PATCH', `/admin/listings/cancel-order/${orderId}`)).toMatchObject({
      status: 409,
      body: { message: 'Order cannot be cancelled: it has been delivered' },
    });
  });

  it('lets only the seller of the order print its label or ship it', async () => {
    const orderId = await sold('seller', 'buyer', 'Tin robot');
    // Not the caller's order: answered as an unknown one.
    expect(await label('buyer', orderId)).toMatchObject({ status: 404, body: { message: 'Order not found' } });
    expect((await call('stranger', 'PATCH', `/order/${orderId}/mark-shipped`)).status).toBe(404);
    expect((await label('seller', 'no-such-order')).status).toBe(404);
    expect((await label('seller', orderId, '5x7')).status).toBe(400);
    expect((await label(null, orderId)).status).toBe(401);
    expect((await manager('seller')).createLabel.items.map((item) => item.id)).toContain(orderId);
  });

  it('refuses a move the transition table does not allow with 409', async () => {
    const orderId = await sold('seller', 'buyer', 'Glass marbles');
    expect((await label('seller', orderId)).status).toBe(200);
    expect(await label('seller', orderId)).toMatchObject({
      status: 409,
      body: { message: 'A shipping label was already printed for this order' },
    });
    expect((await call('seller', 'PATCH', `/order/${orderId}/mark-shipped`)).status).toBe(200);
    expect(await call('seller', 'PATCH', `/order/${orderId}/mark-shipped`)).toMatchObject({
      status: 409,
      body: { message: 'Order is already SHIPPING_MARKED_SHIPPED' },
    });
    // Shipped: an admin can no longer cancel it.
    expect((await call('admin', 'PATCH', `/admin/listings/cancel-order/${orderId}`)).status).toBe(409);

    const cancelledId = await sold('seller', 'buyer', 'Paper kite');
    expect((await call('admin', 'PATCH', `/admin/listings/cancel-order/${cancelledId}`)).status).toBe(200);
    expect(await label('seller', cancelledId)).toMatchObject({ status: 409, body: { message: 'Order is cancelled' } });
    expect((await track('admin', '9400000000000000000000', 'SHIPPING_DELIVERED')).status).toBe(404);
  });

  it('tells the buyer and the seller when an admin cancels their order, live and in their notifications', async () => {
    const orderId = await sold('seller', 'buyer', 'Brass compass');
    const [buyerId, sellerId] = [await me('buyer'), await me('seller')];
    const before = events('orderStatusUpdate').length;
    expect((await call('admin', 'PATCH', `/admin/listings/cancel-order/${orderId}`)).status).toBe(200);

    const [update, ...more] = events('orderStatusUpdate').slice(before);
    expect(more).toEqual([]);
    expect(update).toMatchObject({
      rooms: [`user:${buyerId}`, `user:${sellerId}`],
      payload: { orderId, status: 'cancelled' },
    });
    for (const user of ['buyer', 'seller']) {
      const items = (await call(user, 'GET', '/notifications')).body.items as { type: string; data: unknown }[];
      expect(items.filter((item) => item.type === 'orderCancelled')).toContainEqual(
        expect.objectContaining({ data: expect.objectContaining({ orderId }) }),
      );
    }
  });

  it('answers 409 when the return address or the buyer address is missing', async () => {
    const noReturn = await sold('newseller', 'buyer', 'Clay pot');
    expect(await label('newseller', noReturn)).toMatchObject({
      status: 409,
      body: { message: 'Add a return address to your shipping information before printing a label' },
    });
    const noDefault = await sold('seller', 'newbuyer', 'Wool scarf');
    expect(await label('seller', noDefault)).toMatchObject({
      status: 409,
      body: { message: 'The buyer has no default shipping address yet: a label cannot be printed' },
    });
    // Nothing moved: both still wait for a label.
    expect((await manager('seller')).createLabel.items.map((item) => item.id)).toContain(noDefault);
  });

  it('records a label the provider refuses as SHIPPING_LABEL_FAILED with its reason, and retries', async () => {
    const orderId = await sold('seller', 'buyer', 'Cast iron pan');
    app.market.labels = { createLabel: async () => ({ ok: false, reason: 'Address not deliverable' }) };
    try {
      expect(await label('seller', orderId)).toMatchObject({
        status: 409,
        body: { message: 'The shipping label could not be created: Address not deliverable' },
      });
    } finally {
      app.market.labels = localLabels();
    }
    const failed = (await manager('seller')).createLabel.items.find((item) => item.id === orderId);
    expect(failed).toMatchObject({
      status: 'SHIPPING_LABEL_FAILED',
      statusLabel: 'Shipping label generation failed',
      labelFailureReason: 'Address not deliverable',
    });
    expect(events('orderDocumentsFailed').at(-1)?.payload).toEqual({ id: orderId, url: null });
    const retried = await label('seller', orderId);
    expect(retried.body).toMatchObject({ status: 'SHIPPING_LABEL_PRINTED', labelFailureReason: null });
  });
});
