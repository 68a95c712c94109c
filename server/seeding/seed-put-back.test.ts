import { describe, expect, it } from 'vitest';
import { validationOrder } from './seed-put-back.js';

const key = (table: string, name: string) => ({ table, name, definition: `FOREIGN KEY (${name}) REFERENCES x(id)` });
const bytes: Record<string, number> = { chat_messages: 900, bids: 400, orders: 300, offers: 0 };

describe('validationOrder', () => {
  it.each([
    { keys: [], order: [] },
    { keys: [key('bids', 'a')], order: ['bids.a'] },
    // The largest table's first, then one of each table in turn: two connections, two tables.
    {
      keys: [key('orders', 'o1'), key('chat_messages', 'c1'), key('chat_messages', 'c2'), key('bids', 'b1')],
      order: ['chat_messages.c1', 'bids.b1', 'orders.o1', 'chat_messages.c2'],
    },
    {
      keys: [key('orders', 'o1'), key('orders', 'o2'), key('orders', 'o3'), key('offers', 'f1'), key('offers', 'f2')],
      order: ['orders.o1', 'offers.f1', 'orders.o2', 'offers.f2', 'orders.o3'],
    },
  ])('$order', ({ keys, order }) => {
    const ordered = validationOrder(keys, (table) => bytes[table] ?? 0);
    expect(ordered.map((k) => `${k.table}.${k.name}`)).toEqual(order);
  });
});
