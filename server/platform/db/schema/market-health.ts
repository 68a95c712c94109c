// Market health's daily counters (migration 0030): up to 16 shard rows a day, kept by triggers in
// the transaction of every write that changes them; a day's counter is the sum of its shards.
import { bigint, date, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

const counter = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const marketDays = pgTable(
  'market_days',
  {
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    gmvCents: counter('gmv_cents'),
    orders: counter('orders'),
    bids: counter('bids'),
    newUsers: counter('new_users'),
    newListings: counter('new_listings'),
    refundsCents: counter('refunds_cents'),
    casesOpened: counter('cases_opened'),
    casesResolved: counter('cases_resolved'),
  },
  (t) => [primaryKey({ name: 'market_days_pkey', columns: [t.day, t.shard] })],
);
