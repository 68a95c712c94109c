// A seller's listing tools: the OpenAPI document, video upload and its events, the profile picture.
// Through the real app (app.inject, embedded PGlite, the fake identity, the local media storage in a
// temp directory); the shared set-up is in listing-tools-app.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import {
  about,
  app,
  call,
  database,
  events,
  listing,
  me,
  type Method,
  pathOf,
  subCategoryId,
  tools,
  uploadsDir,
  useListingToolsApp,
} from './listing-tools-app.js';

describe('listing tools routes', () => {
  useListingToolsApp();

  it('documents the listing tools and refuses each secured one without a token', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const expected: [Method, string][] = [
      ['POST', '/listing/video-upload-url'],
      ['POST', '/listing/video'],
      ['POST', '/user/profile-picture/upload-url'],
      ['PUT', '/user/profile-picture'],
      ['DELETE', '/user/profile-picture'],
      ['POST', '/draft-listing'],
      ['GET', '/draft-listing'],
      ['GET', '/draft-listing/{id}'],
      ['PUT', '/draft-listing/{id}'],
      ['DELETE', '/draft-listing/{id}'],
      ['POST', '/listing/bulk'],
      ['POST', '/listing/publish-bulk'],
      ['POST', '/saved-listing'],
      ['GET', '/saved-listing'],
      ['DELETE', '/saved-listing/{id}'],
      ['POST', '/listing/report'],
      ['GET', '/listing/listing-prices'],
      ['PUT', '/listing/end-time/{id}'],
      ['PATCH', '/listing/{id}/increment-time'],
    ];
    for (const [method, path] of expected) {
      expect(document.paths[`/v1${path}`]?.[method.toLowerCase()]?.security, `${method} ${path}`).toBeDefined();
      const response = await call(null, method, path.replace('{id}', 'x'), method === 'GET' ? undefined : {});
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
    }
    expect(document.paths['/v1/listing/share/{id}']?.get?.security).toBeUndefined();
    expect(document.paths['/v1/listing/end-time/{id}']?.get?.security).toBeUndefined();
  });

  describe('video', () => {
    const upload = async (user: string, contentType = 'video/mp4') => {
      const target = await call(user, 'POST', '/listing/video-upload-url', { contentType });
      expect(target.status).toBe(201);
      return target.body as { key: string; uploadUrl: string; headers: { 'content-type': string }; maxBytes: number };
    };
    const put = (url: string, payload: Buffer, contentType = 'video/mp4') =>
      app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload });

    it('signs an upload URL, takes the PUT, serves the file back', async () => {
      const seller = await me('vseller');
      const target = await upload('vseller');
      expect(target).toMatchObject({
        method: 'PUT',
        headers: { 'content-type': 'video/mp4' },
        maxBytes: 200 * 1024 * 1024,
      });
      expect(target.key).toMatch(new RegExp(`^listing-video/${seller}/[0-9a-f-]+\\.mp4$`));
      expect(target.uploadUrl).toMatch(/^http:\/\/api\.test\/v1\/uploads\/listing-video\/.+\?expires=\d+&signature=/);
      const bytes = Buffer.from('not really an mp4, but bytes all the same');
      const stored = await put(target.uploadUrl, bytes);
      expect(stored.statusCode).toBe(201);
      expect(stored.json()).toEqual({ key: target.key, contentType: 'video/mp4', size: bytes.length });
      expect(await readFile(join(uploadsDir, target.key))).toEqual(bytes);
      const served = await app.inject({ method: 'GET', url: `/v1/uploads/${target.key}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(served.rawPayload).toEqual(bytes);
    });

    it('refuses a forged or expired signature, another content type, a file over the limit and unknown keys', async () => {
      const target = await upload('vseller');
      const forged = target.uploadUrl.replace(/signature=[^&]+/, 'signature=AAAA');
      expect((await put(forged, Buffer.from('x'))).json()).toMatchObject({
        statusCode: 403,
        message: 'This upload URL is not valid',
      });
      const otherKey = target.uploadUrl.replace(/\/([0-9a-f-]+)\.mp4/, '/00000000-0000-0000-0000-000000000000.mp4');
      expect((await put(otherKey, Buffer.from('x'))).statusCode).toBe(403);
      const seller = await me('vseller');
      const stale = tools.storage.createUpload(`listing-video/${seller}/stale.mp4`, Date.now() - 16 * 60_000);
      expect((await put(stale.uploadUrl, Buffer.from('x'))).json()).toMatchObject({
        statusCode: 403,
        message: 'This upload URL has expired; ask for a new one',
      });
      expect((await put(target.uploadUrl, Buffer.from('x'), 'video/webm')).statusCode).toBe(415);
      const tooLarge = await app.inject({
        method: 'PUT',
        url: pathOf(target.uploadUrl),
        headers: { 'content-type': 'video/mp4', 'content-length': String(target.maxBytes + 1) },
        payload: Buffer.from('x'),
      });
      expect(tooLarge.statusCode).toBe(413);
      // A picture upload URL counts its bytes too (10 MB limit), whatever Content-Length says.
      const picture = tools.storage.createUpload(`profile-picture/${seller}/big.png`, Date.now());
      const big = await put(picture.uploadUrl, Buffer.alloc(10 * 1024 * 1024 + 1), 'image/png');
      expect(big.statusCode).toBe(413);
      expect(
        (await app.inject({ method: 'GET', url: `/v1/uploads/profile-picture/${seller}/big.png` })).statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/v1/uploads/../../etc/passwd' })).statusCode).toBe(404);
      expect((await call('vseller', 'POST', '/listing/video-upload-url', { contentType: 'text/html' })).status).toBe(
        400,
      );
      expect(
        (await call('vseller', 'POST', '/listing/video-upload-url', { contentType: 'video/mp4', extra: 1 })).status,
      ).toBe(400);
    });

    it('attaches the upload to the listing, then trims it and suggests a title and description', async () => {
      const seller = await me('vseller');
      const listingId = await listing('vseller', {
        title: 'Card lot',
        listingType: 'auction',
        startingBid: 5,
        subCategoryId,
        packagingType: 'padded envelope',
      });
      const target = await upload('vseller');
      const bytes = Buffer.from('the seller’s clip');
      expect((await put(target.uploadUrl, bytes)).statusCode).toBe(201);

      const attached = await call('vseller', 'POST', '/listing/video', { listingId, key: target.key });
      const video = `http://api.test/v1/uploads/${target.key}`;
      expect(attached).toEqual({ status: 202, body: { listingId, video, processing: 'started' } });
      expect(events('listingVideoUploaded').at(-1)).toMatchObject({
        rooms: [`listing:${listingId}`],
        payload: { listingId, video },
      });
      await vi.waitFor(() => expect(events('aiAutofillCompleted').some((e) => about(listingId)(e))).toBe(true));

      const updated = events('updatedVideo').find(
        (event) => (event.payload as { listingId: string }).listingId === listingId,
      )!;
      const trimmed = (updated.payload as { video: string }).video;
      expect(updated.rooms).toEqual([`listing:${listingId}`]);
      expect(trimmed).toMatch(new RegExp(`^http://api\\.test/v1/uploads/trimmed-video/${seller}/[0-9a-f-]+\\.mp4$`));
      // The local processor copies (no codec): a separate stored file with the same bytes.
      expect((await app.inject({ method: 'GET', url: pathOf(trimmed) })).rawPayload).toEqual(bytes);
      const [row] = await queryRows<{ video: string; trimmed_video: string }>(
        database.db,
        sql`SELECT video, trimmed_video FROM listings WHERE id = ${listingId}`,
      );
      expect(row).toEqual({ video, trimmed_video: trimmed });
      const autofill = events('aiAutofillCompleted').find((e) => about(listingId)(e))!;
      expect(autofill.rooms).toEqual([`user:${seller}`]);
      expect(autofill.payload).toEqual({
        listingId,
        title: 'Card lot',
        description:
          'Up for auction in Baseball, Trading Cards. Ships in a padded envelope, 12 oz packed. Free shipping. See the video for the exact item and its condition.',
      });
      expect((await call(null, 'GET', `/listing/share/${listingId}`)).body.video).toBe(trimmed);
    });

    it('refuses another user’s upload, a key never uploaded, another seller’s listing and bad keys', async () => {
      const listingId = await listing('vseller', { title: 'Lamp', price: 10 });
      const theirs = await upload('vother');
      await put(theirs.uploadUrl, Buffer.from('x'));
      expect((await call('vseller', 'POST', '/listing/video', { listingId, key: theirs.key })).status).toBe(403);
      const mine = await upload('vseller');
      expect((await call('vseller', 'POST', '/listing/video', { listingId, key: mine.key })).body).toMatchObject({
        statusCode: 409,
        message: 'Nothing has been uploaded under this key yet',
      });
      await put(mine.uploadUrl, Buffer.from('x'));
      expect((await call('vother', 'POST', '/listing/video', { listingId, key: mine.key })).status).toBe(403);
      expect((await call('vseller', 'POST', '/listing/video', { listingId: 'nope', key: mine.key })).status).toBe(404);
      expect((await call('vseller', 'POST', '/listing/video', { listingId, key: '../x.mp4' })).status).toBe(400);
    });
  });

  describe('profile picture', () => {
    it('uploads an image and makes it the avatar; refuses others’ keys and videos', async () => {
      const target = await call('pic', 'POST', '/user/profile-picture/upload-url', { contentType: 'image/png' });
      expect(target.body).toMatchObject({ headers: { 'content-type': 'image/png' }, maxBytes: 10 * 1024 * 1024 });
      const key = target.body.key as string;
      expect((await call('pic', 'PUT', '/user/profile-picture', { key })).status).toBe(409);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const put = await app.inject({
        method: 'PUT',
        url: pathOf(target.body.uploadUrl as string),
        headers: { 'content-type': 'image/png' },
        payload: png,
      });
      expect(put.statusCode).toBe(201);
      expect((await call('picother', 'PUT', '/user/profile-picture', { key })).status).toBe(403);
      const set = await call('pic', 'PUT', '/user/profile-picture', { key });
      expect(set).toEqual({ status: 200, body: { avatar: `http://api.test/v1/uploads/${key}` } });
      const [row] = await queryRows<{ avatar: string | null }>(
        database.db,
        sql`SELECT avatar FROM users WHERE id = ${await me('pic')}`,
      );
      expect(row?.avatar).toBe(`http://api.test/v1/uploads/${key}`);
      expect((await call('pic', 'POST', '/user/profile-picture/upload-url', { contentType: 'video/mp4' })).status).toBe(
        400,
      );
      const video = (await call('pic', 'POST', '/listing/video-upload-url', { contentType: 'video/mp4' })).body.key;
      expect((await call('pic', 'PUT', '/user/profile-picture', { key: video })).status).toBe(400);
      expect((await call('pic', 'DELETE', '/user/profile-picture')).status).toBe(204);
      const [cleared] = await queryRows<{ avatar: string | null }>(
        database.db,
        sql`SELECT avatar FROM users WHERE id = ${await me('pic')}`,
      );
      expect(cleared?.avatar).toBeNull();
    });
  });
});
