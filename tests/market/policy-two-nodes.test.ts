// Two API nodes sharing one PostgreSQL and one Redis (two-market-nodes.ts): a blocking rule switched
// on through node A refuses a bid on node B within 5 s, and its deletion lets the next bid through
// within 5 s (each node's rule book, server/modules/policy/rule-book.ts, sees the other's change in
// the policy tables' version stamp).
// test-needs: postgres
import { describe, expect, it } from 'vitest';
import { canRun } from '../support/service-skips.js';
import { holdsIdentity } from './holds-app.js';
import { nodeBids, useTwoMarketNodes } from './two-market-nodes.js';

const available = canRun('redis', 'postgres');

describe.skipIf(!available)('policy rules across two market nodes', () => {
  const { nodes } = useTwoMarketNodes(holdsIdentity);

  const { call, bidOnB, bidUntil } = nodeBids(nodes, { bidder: 'policybidder', amount: 900 });

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
    expect((await bidOnB(sellerId)).body).toMatchObject({ code: 'blockedByPolicy', message: 'Refused on every node' });

    expect((await call(0, 'mod', 'DELETE', `/admin/rules/${id}`)).status).toBe(204);
    expect(await bidUntil(200, sellerId)).toBeLessThan(5_000);
  }, 60_000);
});
