// `/admin` events reach only the roles that may read their list (shared/contract/admin-permissions.ts):
// the audit log's entries go to finance and the owner, moderation events to moderators and the
// owner, and an admin whose role claim no role knows hears nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/contract/accountability.js';
import type { AdminRole } from '../../shared/contract/admin-permissions.js';
import { chatMessage, client, closeClients, collect, startNode, type Node } from './realtime-harness.js';

const TOKENS = ['token-owner', 'token-moderator', 'token-finance', 'token-odd'] as const;
type Token = (typeof TOKENS)[number];
/** The owner has no claim; 'token-odd' carries a claim no role has. */
const ROLES: Record<Token, AdminRole | null | undefined> = {
  'token-owner': undefined,
  'token-moderator': 'moderator',
  'token-finance': 'finance',
  'token-odd': null,
};

const entry: AuditEntry = {
  id: 'a1',
  admin: { uid: 'admin-1', email: 'admin@market.test' },
  action: 'setSellerFee',
  recordType: 'user',
  recordId: 'u1',
  before: { sellerFee: 7 },
  after: { sellerFee: 12 },
  createdAt: new Date().toISOString(),
};

describe('/admin events by role', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode({
      validatePayloads: true,
      verifyToken: async (token) => {
        if (!(TOKENS as readonly string[]).includes(token)) throw new Error('auth/argument-error');
        const adminRole = ROLES[token as Token];
        return { uid: token, admin: true, ...(adminRole === undefined ? {} : { adminRole }) };
      },
    });
  });
  afterAll(async () => {
    closeClients();
    await node.stop();
  });

  it('sends each event only to the roles that may read its list', async () => {
    const sockets = Object.fromEntries(
      await Promise.all(
        TOKENS.map(async (token) => [token, await client(`${node.url}/admin`, { auth: { token } }).connected] as const),
      ),
    );
    const heard = (event: string) =>
      Promise.all(TOKENS.map(async (token) => [token, (await collect(sockets[token]!, event, 400)).length]));
    const audit = heard('auditEntryAdded');
    const messages = heard('newMessage');
    node.realtime.publishAdmin('auditEntryAdded', entry);
    node.realtime.publishAdmin('newMessage', chatMessage('hello'));
    expect(Object.fromEntries(await audit)).toEqual({
      'token-owner': 1,
      'token-moderator': 0,
      'token-finance': 1,
      'token-odd': 0,
    });
    expect(Object.fromEntries(await messages)).toEqual({
      'token-owner': 1,
      'token-moderator': 1,
      'token-finance': 0,
      'token-odd': 0,
    });
  });
});
