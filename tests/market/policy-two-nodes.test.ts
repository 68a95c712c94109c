// Two API nodes sharing one PostgreSQL and one Redis (two-market-nodes.ts): a blocking rule switched
// on through node A refuses a bid on node B within 5 s, and its deletion lets the next bid through
// within 5 s (each node's rule book, server/modules/policy/rule-book.ts, sees the other's change in
// the policy tables' version stamp).
// test-needs: postgres
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { canRun } from '../support/service-skips.js';
import { holdsIdentity } from './holds-app.js';
import { useTwoMarketNodes } from './two-market-nodes.js';

const available = canRun('redis', 'postgres');

describe.skipIf(!available)('policy rules across two market nodes', () => {
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
  /** Bids $900 on node B until the answer is `status`; how long that took (ms), or a failure past 5 s. */
  const bidUntil = async (status: number, sellerId: string): Promise<number> => {
    const started = Date.now();
    for (;;) {
      const answer = await call(1, 'policybidder', 'POST', '/bid', { listingId: await auction(sellerId), amount: 900 });
      if (answer.status === status) return Date.now() - started;
      if (Date.now() - started > 5_000)
        throw new Error(`still ${answer.status} after 5 s: ${JSON.stringify(answer.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it('a rule switched on through node A refuses a bid on node B within 5 s; its deletion lets it through', async () => {
    const sellerId = (await call(0, 'policyseller', 'GET', '/user/my-details')).body.id as string;
    // Node B has a book already (it judged the bidder's requests): the rule is news to it.
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);

    const made = await call(0, 'mod', 'POST', '/admin/rules', {
      name: 'Two nodes',
      event: 'bid',
      expression: 'bid.amount >= 800.0',
      action: 'block',
      publicMessage: 'Refused on every node',
      mode: 'shadow',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.id as string;
    expect((await call(0, 'mod', 'POST', `/admin/rules/${id}/backtest`, { days: 1 })).status).toBe(200);
    expect((await call(0, 'mod', 'PATCH', `/admin/rules/${id}`, { mode: 'on' })).status).toBe(200);
    expect(await bidUntil(403, sellerId)).toBeLessThan(5_000);
    expect(
      (await call(1, 'policybidder', 'POST', '/bid', { listingId: await auction(sellerId), amount: 900 })).body,
    ).toMatchObject({ code: 'blockedByPolicy', message: 'Refused on every node' });

    expect((await call(0, 'mod', 'DELETE', `/admin/rules/${id}`)).status).toBe(204);
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);
  }, 60_000);
});
