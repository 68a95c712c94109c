// The shared fixture of the public read tests: the real app (app.inject, embedded PGlite, an identity
// provider that refuses every token) on a small hand-built dataset of users, categories, listings,
// bids and orders, with the row ids by the names the tests use.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';

const refuseEveryToken: IdentityProvider = {
  verifyIdToken: async () => {
    throw new Error('auth/argument-error');
  },
  updateEmail: async () => undefined,
  disableAccount: async () => undefined,
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const PUBLIC_USER_KEYS = ['avatar', 'avgRate', 'id', 'totalRatings', 'userName'];

export let database: Database;
export let app: FastifyInstance;
export const now = Date.now();
export const at = (offsetMs: number) => new Date(now + offsetMs);
/** Row ids by the names the tests use. */
export const ids: Record<string, string> = {};
export const nameOf = (id: string) => Object.keys(ids).find((name) => ids[name] === id) ?? id;

export const insert = async (name: string, statement: ReturnType<typeof sql>) => {
  const [row] = await queryRows<{ id: string }>(database.db, statement);
  ids[name] = row!.id;
};
export const user = (
  name: string,
  fields: { seller?: boolean; featured?: boolean; payout?: boolean; deleted?: boolean; createdAt: Date },
) =>
  insert(
    name,
    sql`INSERT INTO users (firebase_id, email, user_name, avatar, phone_number, stripe_customer_id, seller_enabled,
                           featured, stripe_user_id, created_at, deleted_at)
        VALUES (${`uid-${name}`}, ${`${name}@market.test`}, ${name}, ${`https://img.test/${name}.png`}, '+15550000',
                ${`cus_${name}`}, ${fields.seller ?? false}, ${fields.featured ?? false},
                ${fields.payout ? `acct_${name}` : null}, ${fields.createdAt},
                ${fields.deleted ? at(-HOUR) : null})
        RETURNING id`,
  );
export interface ListingFields {
  seller: string;
  type: 'default' | 'auction' | 'giveaway';
  createdAt: Date;
  status?: string;
  priceCents?: number;
  startingBidCents?: number;
  inStock?: number;
  endTime?: Date;
  featured?: boolean;
  subcategory?: string;
  deleted?: boolean;
}
export const listing = (name: string, fields: ListingFields) =>
  insert(
    name,
    sql`INSERT INTO listings (user_id, subcategory_id, title, listing_type, status, in_stock, price_cents,
                              starting_bid_cents, end_time, featured, created_at, deleted_at)
        VALUES (${ids[fields.seller]}, ${fields.subcategory ? ids[fields.subcategory] : null}, ${name}, ${fields.type},
                ${fields.status ?? 'active'}, ${fields.inStock ?? 1}, ${fields.priceCents ?? null},
                ${fields.startingBidCents ?? null}, ${fields.endTime ?? null}, ${fields.featured ?? false},
                ${fields.createdAt}, ${fields.deleted ? at(-HOUR) : null})
        RETURNING id`,
  );
export const bid = (listingName: string, createdAt: Date) =>
  database.db.execute(
    sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents, created_at)
        VALUES (${ids[listingName]}, ${ids.buyer}, 1000, 1000, ${createdAt})`,
  );
export const order = (listingName: string, seller: string, status: string, createdAt: Date) =>
  insert(
    `order-${listingName}-${status}`,
    sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
        VALUES (${ids[listingName]}, ${ids[seller]}, ${ids.buyer}, 1000, ${status}, ${createdAt}) RETURNING id`,
  );
export const category = (name: string, sort: number, active = true) =>
  insert(name, sql`INSERT INTO categories (title, sort, is_active) VALUES (${name}, ${sort}, ${active}) RETURNING id`);
export const subcategory = (name: string, categoryName: string, sort: number, active = true) =>
  insert(
    name,
    sql`INSERT INTO subcategories (category_id, title, sort, is_active)
        VALUES (${ids[categoryName]}, ${name}, ${sort}, ${active}) RETURNING id`,
  );

export const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url: `/v1${url}` });
  return { status: response.statusCode, body: response.json() as { count: number; items: { id: string }[] } };
};
export const names = (items: { id: string }[]) => items.map((item) => nameOf(item.id));
export const titles = (items: { title: string }[]) => items.map((item) => item.title);

/** Opens the app on the fixture before the tests of the calling file, and closes it after. */
export function usePublicMarket(): void {
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      ports: localPorts(database, { identity: refuseEveryToken }),
      rateLimitMax: 10_000,
    });

    await user('alice', { seller: true, featured: true, payout: true, createdAt: at(-30 * DAY) });
    await user('bob', { seller: true, featured: true, createdAt: at(-20 * DAY) }); // no payout account
    await user('carol', { seller: true, createdAt: at(-2 * DAY) });
    await user('dave', { seller: true, featured: true, payout: true, deleted: true, createdAt: at(-DAY) });
    await user('buyer', { createdAt: at(-HOUR) });
    await database.db.execute(
      sql`INSERT INTO ratings (buyer_id, seller_id, rate) VALUES (${ids.buyer}, ${ids.alice}, 4), (${ids.buyer}, ${ids.alice}, 5)`,
    );

    await category('Cards', 2);
    await category('Coins', 1);
    await category('Retired', 0, false);
    await subcategory('Baseball', 'Cards', 2);
    await subcategory('Pokemon', 'Cards', 1);
    await subcategory('Hockey', 'Cards', 3);
    await subcategory('Old cards', 'Cards', 4, false);
    await subcategory('Silver', 'Coins', 1);
    await subcategory('Stamps', 'Retired', 1);

    // Auctions.
    await listing('dollar-soon', {
      seller: 'alice',
      type: 'auction',
      startingBidCents: 100,
      endTime: at(2 * HOUR),
      featured: true,
      subcategory: 'Baseball',
      createdAt: at(-10 * HOUR),
    });
    await listing('hot-soon', {
      seller: 'alice',
      type: 'auction',
      startingBidCents: 500,
      endTime: at(HOUR),
      subcategory: 'Baseball',
      createdAt: at(-9 * HOUR),
    });
    await listing('cheap-later', {
      seller: 'bob',
      type: 'auction',
      startingBidCents: 50,
      endTime: at(3 * DAY),
      createdAt: at(-8 * HOUR),
    });
    await listing('past-end', {
      seller: 'alice',
      type: 'auction',
      startingBidCents: 50,
      endTime: at(-MINUTE),
      subcategory: 'Silver',
      createdAt: at(-7 * HOUR),
    });
    await listing('deleted-seller-auction', {
      seller: 'dave',
      type: 'auction',
      startingBidCents: 50,
      endTime: at(30 * MINUTE),
      featured: true,
      subcategory: 'Hockey',
      createdAt: at(-MINUTE),
    });
    await listing('deleted-auction', {
      seller: 'alice',
      type: 'auction',
      startingBidCents: 50,
      endTime: at(30 * MINUTE),
      featured: true,
      subcategory: 'Silver',
      deleted: true,
      createdAt: at(-MINUTE),
    });
    await listing('draft-auction', {
      seller: 'alice',
      type: 'auction',
      status: 'draft',
      startingBidCents: 50,
      endTime: at(30 * MINUTE),
      createdAt: at(-MINUTE),
    });
    await listing('sold-auction', {
      seller: 'alice',
      type: 'auction',
      status: 'sold',
      startingBidCents: 50,
      endTime: at(-2 * DAY),
      createdAt: at(-9 * DAY),
    });
    await listing('sold-long-ago', {
      seller: 'bob',
      type: 'auction',
      status: 'sold',
      startingBidCents: 50,
      endTime: at(-10 * DAY),
      createdAt: at(-20 * DAY),
    });
    for (const offset of [-HOUR, -2 * HOUR, -23 * HOUR, -30 * HOUR]) await bid('hot-soon', at(offset));
    await bid('cheap-later', at(-HOUR));
    await bid('dollar-soon', at(-30 * HOUR));

    // Buy now.
    await listing('pricey-older', {
      seller: 'alice',
      type: 'default',
      priceCents: 15_000,
      inStock: 2,
      featured: true,
      subcategory: 'Pokemon',
      createdAt: at(-2 * HOUR),
    });
    await listing('pricey-newer', { seller: 'bob', type: 'default', priceCents: 20_000, createdAt: at(-HOUR) });
    await listing('cheap', { seller: 'alice', type: 'default', priceCents: 5_000, createdAt: at(-3 * HOUR) });
    await listing('sold-out', {
      seller: 'alice',
      type: 'default',
      status: 'sold',
      inStock: 0,
      priceCents: 30_000,
      subcategory: 'Pokemon',
      createdAt: at(-4 * DAY),
    });
    await listing('deleted-seller-buy-now', {
      seller: 'dave',
      type: 'default',
      priceCents: 50_000,
      featured: true,
      subcategory: 'Silver',
      createdAt: at(-MINUTE),
    });

    // Giveaways.
    await listing('open-giveaway', { seller: 'alice', type: 'giveaway', endTime: at(5 * HOUR), createdAt: at(-HOUR) });
    await listing('drawn-giveaway', {
      seller: 'alice',
      type: 'giveaway',
      status: 'sold',
      endTime: at(-DAY),
      createdAt: at(-3 * DAY),
    });
    await listing('due-giveaway', { seller: 'bob', type: 'giveaway', endTime: at(-HOUR), createdAt: at(-2 * DAY) });
    await listing('deleted-seller-giveaway', {
      seller: 'dave',
      type: 'giveaway',
      status: 'auction_ended',
      endTime: at(-MINUTE),
      createdAt: at(-DAY),
    });

    // Orders: paid this week, cancelled, failed, older than a week, and a deleted seller's.
    await order('pricey-newer', 'bob', 'PAYMENT_CONFIRMED', at(-3 * HOUR));
    await order('sold-out', 'alice', 'SHIPPING_DELIVERED', at(-DAY));
    await order('sold-auction', 'alice', 'PAYMENT_CONFIRMED', at(-2 * DAY));
    await order('cheap', 'alice', 'cancelled', at(-HOUR));
    await order('cheap', 'alice', 'PAYMENT_FAILED', at(-HOUR));
    await order('sold-long-ago', 'bob', 'SHIPPING_DELIVERED', at(-10 * DAY));
    await order('deleted-seller-buy-now', 'dave', 'PAYMENT_CONFIRMED', at(-HOUR));
    await order('deleted-seller-buy-now', 'dave', 'SHIPPING_DELIVERED', at(-2 * HOUR));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
}
