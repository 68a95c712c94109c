// Blocking a chat through the real app (app.inject, embedded PGlite, the fake identity): a block
// is its blocker's. The blocked participant can neither lift it nor take it over by blocking back.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { fakeIdentity, marketCall, type RecordedEvent, recordingPublisher } from './market-db.js';

describe('chat blocking', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }), rateLimitMax: 10_000 });
    app.market.events.attach(recordingPublisher(log));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const openChat = async (user: string, other: string) =>
    (await call(user, 'POST', '/chat', { otherUserId: await me(other) })).body.id as string;
  const write = async (user: string, chatId: string) =>
    (await call(user, 'POST', '/message', { chatId, message: `from ${user}` })).status;

  it('lets only the participant who blocked lift the block', async () => {
    const chatId = await openChat('cblocked', 'cblocker');
    const blockerId = await me('cblocker');
    const blockedId = await me('cblocked');
    expect((await call('cblocker', 'POST', '/chat/block-chat', { chatId })).body).toMatchObject({
      blockedUser: { id: blockedId },
    });

    const lifted = await call('cblocked', 'POST', '/chat/block-chat', { chatId, block: false });
    expect(lifted).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only the participant who blocked this chat may unblock it',
      },
    });
    expect(await write('cblocked', chatId)).toBe(409);

    // Blocking back does not make the blocked participant the blocker.
    const back = await call('cblocked', 'POST', '/chat/block-chat', { chatId, block: true });
    expect(back).toMatchObject({ status: 200, body: { blockedUser: { id: blockedId } } });
    expect((await call('cblocked', 'POST', '/chat/block-chat', { chatId, block: false })).status).toBe(403);
    expect(await write('cblocked', chatId)).toBe(409);
    expect(log.filter((event) => event.name === 'blockChat' && event.kind === 'admin')).toHaveLength(1);

    // The blocker lifts it; both write again.
    const unblocked = await call('cblocker', 'POST', '/chat/block-chat', { chatId, block: false });
    expect(unblocked).toMatchObject({ status: 200, body: { blockedUser: null } });
    expect(await write('cblocked', chatId)).toBe(201);
    expect(await write('cblocker', chatId)).toBe(201);

    // Once lifted, either may block, and then only that one may lift it.
    expect((await call('cblocked', 'POST', '/chat/block-chat', { chatId })).body).toMatchObject({
      blockedUser: { id: blockerId },
    });
    expect((await call('cblocker', 'POST', '/chat/block-chat', { chatId, block: false })).status).toBe(403);
    expect((await call('cblocked', 'POST', '/chat/block-chat', { chatId, block: false })).status).toBe(200);
  });
});
