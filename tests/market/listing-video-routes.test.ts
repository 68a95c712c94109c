// A listing's `video` through the real app (app.inject, embedded PGlite, the fake identity): every
// path that writes one takes only an https: URL or our own media storage's (400 otherwise, and
// nothing is written), because the admin app frames it. The rule's table is shared/rules/listing-video.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { localPorts } from '../../server/composition.js';
import { openDatabase, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { enableSellers, fakeIdentity, marketCall } from './market-db.js';

const HOSTILE = ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'a video'];
const FINE = 'https://cdn.example.test/clip.mp4';
const OWN = 'http://127.0.0.1:4000/v1/uploads/listing-video/seller-1/clip-1.mp4';

describe('listing video', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({ database, ports: localPorts(database, { identity: fakeIdentity }), rateLimitMax: 10_000 });
    // Only an enabled seller lists (selling.ts).
    await enableSellers(app, 'mseller', 'aseller');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const listing = { title: 'Lamp', price: 40 };
  const expectRefused = (answer: { status: number; body: Record<string, unknown> }, field = 'video') =>
    expect(answer).toMatchObject({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) },
    });

  it('refuses anything but an https: URL or our own media on every market path that writes it', async () => {
    const liveId = (await call('mseller', 'POST', '/listing', listing)).body.id as string;
    const draftId = (await call('mseller', 'POST', '/draft-listing', { title: 'Draft' })).body.id as string;
    for (const video of HOSTILE) {
      expectRefused(await call('mseller', 'POST', '/listing', { ...listing, video }));
      expectRefused(await call('mseller', 'POST', '/listing', { ...listing, trimmedVideo: video }), 'trimmedVideo');
      expectRefused(await call('mseller', 'PATCH', `/listing/${liveId}`, { video }));
      expectRefused(await call('mseller', 'POST', '/draft-listing', { title: 'Draft', video }));
      expectRefused(await call('mseller', 'PUT', `/draft-listing/${draftId}`, { title: 'Draft', video }));
      expectRefused(await call('mseller', 'POST', '/listing/bulk', { listings: [listing, { ...listing, video }] }));
      expectRefused(await call('mseller', 'POST', '/listing/video', { listingId: liveId, key: video }), 'key');
    }
    // Nothing hostile was written anywhere.
    const mine = await call('mseller', 'GET', '/listing/seller?limit=100');
    expect((mine.body.items as { video: string | null }[]).map((item) => item.video)).toEqual([null, null]);

    // An https: URL and our own storage's URL are taken as they are.
    for (const video of [FINE, OWN]) {
      const created = await call('mseller', 'POST', '/listing', { ...listing, video });
      expect(created).toMatchObject({ status: 201, body: { video } });
      expect((await call('mseller', 'PATCH', `/listing/${liveId}`, { video })).body).toMatchObject({ video });
      const draft = await call('mseller', 'PUT', `/draft-listing/${draftId}`, {
        title: 'D',
        video,
        trimmedVideo: video,
      });
      expect(draft).toMatchObject({ status: 200, body: { video, trimmedVideo: video } });
    }
  });

  it('refuses it on the admin listing edit too', async () => {
    const liveId = (await call('aseller', 'POST', '/listing', { ...listing, video: FINE })).body.id as string;
    for (const video of HOSTILE) {
      expectRefused(await call('admin', 'PATCH', `/admin/listings/active/${liveId}`, { video }));
    }
    expect((await call(null, 'GET', `/listing/${liveId}`)).body.video).toBe(FINE);
    const edited = await call('admin', 'PATCH', `/admin/listings/active/${liveId}`, { video: OWN });
    expect(edited).toMatchObject({ status: 200, body: { video: OWN } });
  });
});
