// Auto-assignment across two API nodes sharing PostgreSQL and Redis: a new case goes to the
// least-loaded moderator online, whichever node their `/admin` socket is connected to.
// test-needs: postgres
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ADMIN_NAMESPACE } from '../../shared/contract/realtime-events.js';
import type { ReviewCase } from '../../shared/contract/review-cases.js';

import { useTwoMarketNodes } from './two-market-nodes.js';
import { teamIdentity } from './review-team-app.js';
import { canRun } from '../support/service-skips.js';

const available = canRun('redis', 'postgres');
if (!available)
  console.warn('SKIPPED: redis-server or PostgreSQL missing, the two-node auto-assignment test cannot run');

describe.skipIf(!available)('auto-assignment with two API nodes on Redis', () => {
  const { nodes, sockets } = useTwoMarketNodes(teamIdentity);

  const call = async (node: number, user: string | null, method: string, path: string, body?: object) => {
    const response = await fetch(`${nodes[node]!.url}/v1${path}`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer token-${user}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const adminSocket = (node: number, user: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(`${nodes[node]!.url}${ADMIN_NAMESPACE}`, {
        forceNew: true,
        transports: ['websocket'],
        reconnection: false,
        auth: { token: `token-${user}` },
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  /** A contact-us message through `node` opens a case; answers it once it has an assignee. */
  async function newCaseAssigned(node: number, subject: string): Promise<ReviewCase> {
    const sent = await call(node, null, 'POST', '/setting/contact-us', {
      name: 'Pat',
      email: 'pat@example.com',
      subject,
      message: 'Hello',
    });
    expect(sent.status).toBe(201);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const listed = await call(0, 'admin', 'GET', '/admin/review-cases?source=contactMessage&limit=100');
      const found = (listed.body.items as ReviewCase[]).find((c) => c.reason === `Contact us: ${subject}`);
      if (found?.assignee) return found;
      if (Date.now() > deadline) throw new Error(`case "${subject}" was not assigned within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('new cases go to the least-loaded moderator online on either node; a finance admin gets none', async () => {
    expect((await call(0, 'admin', 'PATCH', '/admin/review-cases/settings', { autoAssign: true })).status).toBe(200);
    await adminSocket(0, 'admin');
    await adminSocket(1, 'mod');
    await adminSocket(1, 'fin');

    const first = await newCaseAssigned(1, 'First');
    const second = await newCaseAssigned(0, 'Second');
    // Both at zero: the tie goes by uid (uid-admin); then the moderator on the other node has fewer.
    expect(first.assignee).toEqual({ uid: 'uid-admin', email: 'admin@market.test' });
    expect(second.assignee).toEqual({ uid: 'uid-mod', email: 'mod@market.test' });
    expect(second.status).toBe('claimed');

    // The moderator on node B goes offline: the next case stays with the admin on node A.
    sockets[1]!.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const third = await newCaseAssigned(1, 'Third');
    expect(third.assignee?.uid).toBe('uid-admin');
  });
});
