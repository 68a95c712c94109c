// The ports chosen from the configuration: in production the local stand-ins that must never
// serve real users (SMS codes in the log, made-up tracking numbers) refuse, and the routes say so.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableSellers, fakeIdentity, marketCall } from '../tests/market/market-db.js';
import { buildApp } from './app.js';
import { composePorts } from './composition.js';
import { loadConfig } from './config.js';
import { type Database } from './platform/db/database.js';
import { openMigratedPglite } from '../tests/support/pglite-template.js';

const production = loadConfig({ NODE_ENV: 'production', UPLOADS_SIGNING_SECRET: 's'.repeat(32) });
const development = loadConfig({});

const address = (type: 'DEFAULT' | 'RETURN_ADDRESS', firstName: string) => ({
  firstName,
  lastName: 'Doe',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  type,
});

const labelRequest = {
  orderId: 'order-1',
  size: '4x6' as const,
  from: { ...address('RETURN_ADDRESS', 'Sally'), addressLineTwo: null, country: 'United States' },
  to: { ...address('DEFAULT', 'Bob'), addressLineTwo: null, country: 'United States' },
  weightOz: 12,
};

describe('composePorts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedPglite();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('refuses labels and texts in production, where no carrier or SMS provider is configured', async () => {
    const ports = composePorts(production, database);
    await expect(ports.labels.createLabel(labelRequest)).rejects.toThrow(
      'Shipping labels are not available: this server has no carrier configured',
    );
    await expect(ports.sms.send({ to: '+15125550143', body: 'code' })).rejects.toThrow(
      'Phone verification is not available: this server has no SMS provider',
    );
  });

  it('serves the local stand-ins outside production', async () => {
    const ports = composePorts(development, database);
    // The local sender: the text is "sent" (to the log and the outbox), not refused.
    await expect(ports.sms.send({ to: '+15125550143', body: 'code' })).resolves.toBeUndefined();
    expect(await ports.labels.createLabel(labelRequest)).toMatchObject({ ok: true, trackingCode: /^9400\d{18}$/ });
    expect(ports.shippingRates.services().length).toBeGreaterThan(0);
  });
});

describe('a production server without a carrier', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openMigratedPglite();
    app = await buildApp({ database, ports: composePorts(production, database, { identity: fakeIdentity }) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  const call = marketCall(() => app);

  it('answers 503 with the reason to "create label", and the order still waits for a label', async () => {
    await enableSellers(app, 'seller');
    expect((await call('seller', 'POST', '/user/shipping-info', address('RETURN_ADDRESS', 'Sally'))).status).toBe(201);
    expect((await call('buyer', 'POST', '/user/shipping-info', address('DEFAULT', 'Bob'))).status).toBe(201);
    const listing = await call('seller', 'POST', '/listing', { title: 'Clay pot', price: 25 });
    const order = await call('buyer', 'POST', '/order', { listingId: listing.body.id });
    expect(order.body.status).toBe('PAYMENT_CONFIRMED');
    const orderId = order.body.orderId as string;

    expect(await call('seller', 'POST', `/order-group/generate-shipping-label/${orderId}/4x6`)).toMatchObject({
      status: 503,
      body: { message: 'Shipping labels are not available: this server has no carrier configured' },
    });
    const manager = (await call('seller', 'GET', '/order-group')).body as { createLabel: { items: { id: string }[] } };
    const waiting = manager.createLabel.items;
    expect(waiting.find((item) => item.id === orderId)).toMatchObject({ status: 'PAYMENT_CONFIRMED' });
  });
});
