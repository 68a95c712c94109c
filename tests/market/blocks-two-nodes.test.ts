// Two API nodes sharing one PostgreSQL and one Redis (two-market-nodes.ts): a block made through
// node A refuses a bid on node B within 5 s, and its lift lets the next bid through within 5 s
// (each node's book, server/modules/blocks/block-book.ts, sees the other's change in the table's
// version stamp).
// test-needs: postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { canRun } from '../support/service-skips.js';
import { holdsIdentity } from './holds-app.js';
import { useTwoMarketNodes } from './two-market-nodes.js';

const available = canRun('redis', 'postgres');

describe.skipIf(!available)('blocks across two market nodes', () => {
  const { nodes } = useTwoMarketNodes(holdsIdentity);

  const call = async (node: number, user: string, method: string, path: string, body?: object) => {
    const response = await fetch(`${nodes[node]!.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer token-${user}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  const auction = async (sellerId: string) => {
    const [row] = await queryRows<{ id: string }>(
      nodes[0]!.app.market.db,
      sql`INSERT INTO listings (user_id, title, listing_type, starting_bid_cents, end_time)
          VALUES (${sellerId}, ${`Lot ${randomUUID().slice(0, 6)}`}, 'auction', 500, ${new Date(Date.now() + 3_600_000)})
          RETURNING id`,
    );
    return row!.id;
  };
  /** Bids on node B until the answer is `status`; how long that took (ms), or a failure past 5 s. */
  const bidUntil = async (status: number, sellerId: string): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const answer = await call(1, 'twonodebidder', 'POST', '/bid', { listingId: await auction(sellerId), amount: 10 });
      if (answer.status === status) return Date.now() - started;
      if (Date.now() - started > 5_000)
        throw new Error(`still ${answer.status} after 5 s: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('a block made on node A refuses a bid on node B within 5 s; a lift lets it through again', async () => {
    const sellerId = (await call(0, 'twonodeseller', 'GET', '/user/my-details')).body.id as string;
    const bidderId = (await call(1, 'twonodebidder', 'GET', '/user/my-details')).body.id as string;
    await nodes[0]!.app.market.db.execute(sql`UPDATE users SET phone_number = '+14155550166' WHERE id = ${bidderId}`);
    // Node B has a book already (it checked the bidder's requests): the block is news to it.
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);

    const made = await call(0, 'mod', 'POST', '/admin/blocks', {
      kind: 'phone',
      value: '+1 415 555 0166',
      severity: 'trade',
      reason: 'Two nodes',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await bidUntil(403, sellerId)).toBeLessThan(5_000);
    expect(
      (await call(1, 'twonodebidder', 'POST', '/bid', { listingId: await auction(sellerId), amount: 10 })).body,
    ).toMatchObject({
      code: 'blocked',
    });

    expect((await call(0, 'mod', 'DELETE', `/admin/blocks/${made.body.id as string}`)).status).toBe(204);
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);
  }, 60_000);
});
