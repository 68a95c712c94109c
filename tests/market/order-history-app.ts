// The shared set-up of the order history, reviews, shipping and user-read route tests: the real app
// (app.inject, embedded PGlite, the token-<name> fake identity), its recorded realtime events, four
// users with a return or default address, and the helpers that make sold and delivered orders.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { enableSellers, fakeIdentity, type RecordedEvent, marketCall } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

export const address = (type: 'DEFAULT' | 'RETURN_ADDRESS', firstName: string) => ({
  firstName,
  lastName: 'Doe',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  type,
});

export type Body = Record<string, unknown>;
export type Items<T = Body> = { count: number; items: T[] };

export let database: Database;
export let app: FastifyInstance;
export const log: RecordedEvent[] = [];

export const call = marketCall(() => app);
export const ids = new Map<string, string>();
export const me = async (user: string) => {
  if (!ids.has(user)) ids.set(user, (await call(user, 'GET', '/user/my-details')).body.id as string);
  return ids.get(user)!;
};
export const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
/** A paid order of a fresh buy-now listing. */
export const sold = async (seller: string, buyer: string, title: string, price = 25) => {
  await enableSellers(app, seller);
  const listing = await call(seller, 'POST', '/listing', { title, price });
  const order = await call(buyer, 'POST', '/order', { listingId: listing.body.id });
  expect(order.body.status).toBe('PAYMENT_CONFIRMED');
  return order.body.orderId as string;
};
export const statusOf = async (orderId: string) =>
  (await queryRows<{ status: string }>(database.db, sql`SELECT status FROM orders WHERE id = ${orderId}`))[0]!.status;
/** Label printed, then the carrier scans it delivered. */
export const delivered = async (seller: string, buyer: string, title: string) => {
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

/** Opens the app on a fresh database before the tests of the calling file, and closes it after. */
export function useOrderHistoryApp(): void {
  useApp({ identity: fakeIdentity, events: log }, (opened) => {
    ({ app, database } = opened);
    // Files may share this module (one test process runs many): the record and ids are this file's.
    log.length = 0;
    ids.clear();
  });

  beforeAll(async () => {
    for (const [user, type] of [
      ['sally', 'RETURN_ADDRESS'],
      ['otto', 'RETURN_ADDRESS'],
      ['bob', 'DEFAULT'],
      ['carl', 'DEFAULT'],
    ] as const) {
      expect((await call(user, 'POST', '/user/shipping-info', address(type, user))).status).toBe(201);
      await me(user);
    }
  });
}
