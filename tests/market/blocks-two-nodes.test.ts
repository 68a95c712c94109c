// Two API nodes sharing one PostgreSQL and one Redis (two-market-nodes.ts): a block made through
// node A refuses a bid on node B within 5 s, and its lift lets the next bid through within 5 s
// (each node's book, server/modules/blocks/block-book.ts, sees the other's change in the table's
// version stamp).
// test-needs: postgres
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canRun } from '../support/service-skips.js';
import { holdsIdentity } from './holds-app.js';
import { nodeBids, useTwoMarketNodes } from './two-market-nodes.js';

const available = canRun('redis', 'postgres');

describe.skipIf(!available)('blocks across two market nodes', () => {
  const { nodes } = useTwoMarketNodes(holdsIdentity);

  const { call, bidOnB, bidUntil } = nodeBids(nodes, { bidder: 'twonodebidder', amount: 10 });

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
    expect((await bidOnB(sellerId)).body).toMatchObject({
      code: 'blocked',
    });

    expect((await call(0, 'mod', 'DELETE', `/admin/blocks/${made.body.id as string}`)).status).toBe(204);
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);
  }, 60_000);
});
