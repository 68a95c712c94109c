// A seller's listing tools through the real app (app.inject, embedded PGlite, the fake identity,
// the local media storage in a temp directory): video upload and its events, drafts, bulk create
// and publish, saved listings, reports, price guidance, share links and auction end times.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { localListingTools, type ListingToolsDeps } from '../../server/modules/listings/listing-tools-deps.js';
import { enableSellers, fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('listing tools routes', () => {
  let database: Database;
  let app: FastifyInstance;
  let uploadsDir: string;
  let tools: ListingToolsDeps;
  const log: RecordedEvent[] = [];

  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'listing-tools-'));
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    tools = localListingTools({
      uploadsDir,
      signingSecret: 'test-signing-secret-0123456789abcdef',
      publicApiUrl: 'http://api.test/v1',
      appLinkBaseUrl: 'https://app.test',
    });
    app = await buildApp({ database, identity: fakeIdentity, listingTools: tools, rateLimitMax: 10_000 });
    app.market.events.attach(recordingPublisher(log));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = marketCall(() => app);
  const events = (name: string) => log.filter((event) => event.name === name && event.kind === 'market');
  const about = (listingId: string) => (event: RecordedEvent) =>
    (event.payload as { listingId: string }).listingId === listingId;
  const itemsOf = (body: Record<string, unknown>) => body.items as { id: string; title: string; status: string }[];
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  /** The path part of one of this API's absolute URLs (inject takes paths). */
  const pathOf = (url: string) => url.replace('http://api.test', '');
  /** A live listing of `user`, an enabled seller (only they sell: selling.ts). */
  const listing = async (user: string, body: object) => {
    await enableSellers(app, user);
    const created = await call(user, 'POST', '/listing', body);
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  let subCategoryId = '';
  beforeAll(async () => {
    const [category] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO categories (title) VALUES ('Trading Cards') RETURNING id`,
    );
    const [sub] = await queryRows<{ id: string }>(
      database.db,
      sql`INSERT INTO subcategories (category_id, title) VALUES (${category!.id}, 'Baseball') RETURNING id`,
    );
    subCategoryId = sub!.id;
  });

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

  describe('drafts', () => {
    it('saves an incomplete draft with the create-listing defaults and says what publishing needs', async () => {
      await enableSellers(app, 'dseller');
      const created = await call('dseller', 'POST', '/draft-listing', {
        listingType: 'auction',
        timezone: 'America/New_York',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'draft',
        title: '',
        listingType: 'auction',
        currency: 'USD',
        inStock: 1,
        massUnit: 'oz',
        weight: 12,
        shippingType: 'seller_pays',
        endTime: null,
        timezone: 'America/New_York',
        missing: ['title: a listing needs a title', 'startingBid: an auction needs a starting bid'],
      });
      const draftId = created.body.id as string;
      const publish = await call('dseller', 'PATCH', `/listing/${draftId}/publish`);
      expect(publish).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('title: a listing needs a title') },
      });

      const saved = await call('dseller', 'PUT', `/draft-listing/${draftId}`, {
        title: 'Signed ball',
        listingType: 'auction',
        startingBid: 20,
        subCategoryId,
        auctionEndDate: '2030-01-01',
      });
      expect(saved.body).toMatchObject({
        title: 'Signed ball',
        startingBid: 20,
        subCategoryId,
        missing: [],
        timezone: null,
      });
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).body.auctionEndDate).toBe('2030-01-01');
      const list = await call('dseller', 'GET', '/draft-listing');
      expect(list.body).toMatchObject({ count: 1, items: [{ id: draftId }] });
      expect((await call('dother', 'GET', '/draft-listing')).body.count).toBe(0);
      expect((await call('dother', 'GET', `/draft-listing/${draftId}`)).status).toBe(404);
      expect((await call('dother', 'PUT', `/draft-listing/${draftId}`, { title: 'Mine' })).status).toBe(404);
      expect((await call('dseller', 'GET', '/draft-listing/unknown')).status).toBe(404);

      const published = await call('dseller', 'PATCH', `/listing/${draftId}/publish`);
      expect(published.body).toMatchObject({ status: 'active' });
      // No end time was chosen: it runs the default 7 days from publishing.
      expect(Number(published.body.endTime)).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).status).toBe(409);
      expect((await call('dseller', 'PUT', `/draft-listing/${draftId}`, { title: 'x' })).status).toBe(409);
      expect((await call('dseller', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(409);
    });

    it('validates strictly and deletes', async () => {
      expect((await call('dseller', 'POST', '/draft-listing', { title: 'x', colour: 'red' })).status).toBe(400);
      expect((await call('dseller', 'POST', '/draft-listing', { subCategoryId: 'nope' })).body.message).toBe(
        'body/subCategoryId: no such subcategory',
      );
      const soon = Date.now() + 10 * 60_000;
      expect(
        (await call('dseller', 'POST', '/draft-listing', { listingType: 'auction', endTime: soon })).body.message,
      ).toBe('body/endTime: endTime must be at least 1 hour from now');
      const draftId = (await call('dseller', 'POST', '/draft-listing', { title: 'Bin me' })).body.id as string;
      expect((await call('dother', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(404);
      expect((await call('dseller', 'DELETE', `/draft-listing/${draftId}`)).status).toBe(204);
      expect((await call('dseller', 'GET', `/draft-listing/${draftId}`)).status).toBe(404);
    });
  });

  describe('bulk', () => {
    it('creates every listing or none, naming each invalid item by index', async () => {
      await enableSellers(app, 'bseller');
      const refused = await call('bseller', 'POST', '/listing/bulk', {
        listings: [
          { title: 'Ok', price: 5 },
          { title: 'No price' },
          { title: 'Auction', listingType: 'auction', startingBid: 0 },
          { title: 'Bad sub', price: 1, subCategoryId: 'nope' },
        ],
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: '3 of 4 listings are invalid; none was created' });
      expect(refused.body.errors).toEqual([
        { index: 1, statusCode: 400, message: 'body/listings/1/price: a buy-now listing needs a price' },
        { index: 2, statusCode: 400, message: 'body/listings/2/startingBid: must be at least 0.01' },
        { index: 3, statusCode: 400, message: 'body/listings/3/subCategoryId: no such subcategory' },
      ]);
      expect((await call('bseller', 'GET', '/listing/seller')).body.count).toBe(0);
      const schema = await call('bseller', 'POST', '/listing/bulk', {
        listings: [{ title: 'Ok', price: 5 }, { price: 1 }],
      });
      expect(schema).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('body/listings/1/title') },
      });
      expect((await call('bseller', 'POST', '/listing/bulk', { listings: [] })).status).toBe(400);
      const tooMany = Array.from({ length: 51 }, (_, i) => ({ title: `L${i}`, price: 1 }));
      expect((await call('bseller', 'POST', '/listing/bulk', { listings: tooMany })).status).toBe(400);

      const created = await call('bseller', 'POST', '/listing/bulk', {
        listings: [
          { title: 'First', price: 5 },
          { title: 'Second', listingType: 'auction', startingBid: 1, subCategoryId },
          { title: 'Third (draft)', draft: true },
        ],
      });
      expect(created.status).toBe(201);
      expect(itemsOf(created.body).map((item: { title: string; status: string }) => [item.title, item.status])).toEqual(
        [
          ['First', 'active'],
          ['Second', 'active'],
          ['Third (draft)', 'draft'],
        ],
      );
    });

    it('publishes many drafts or none, naming each refused id', async () => {
      await enableSellers(app, 'pseller');
      const draft = async (user: string, body: object) =>
        (await call(user, 'POST', '/draft-listing', body)).body.id as string;
      const ready = await draft('pseller', { title: 'Ready', price: 3 });
      const incomplete = await draft('pseller', { title: 'No price' });
      const theirs = await draft('pother', { title: 'Theirs', price: 3 });
      const live = await listing('pseller', { title: 'Live', price: 3 });
      const refused = await call('pseller', 'POST', '/listing/publish-bulk', {
        ids: [ready, incomplete, theirs, live, 'gone'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        {
          id: incomplete,
          statusCode: 400,
          message: 'This draft cannot be published yet: price: a buy-now listing needs a price',
        },
        { id: theirs, statusCode: 404, message: 'Listing not found' },
        { id: live, statusCode: 409, message: 'Only a draft can be published' },
        { id: 'gone', statusCode: 404, message: 'Listing not found' },
      ]);
      expect((await call('pseller', 'GET', `/draft-listing/${ready}`)).body.status).toBe('draft');
      expect((await call('pseller', 'POST', '/listing/publish-bulk', { ids: [theirs] })).status).toBe(404);
      expect((await call('pseller', 'POST', '/listing/publish-bulk', { ids: [ready, ready] })).status).toBe(400);

      const second = await draft('pseller', { title: 'Ready too', listingType: 'giveaway' });
      const before = events('feedListingUpdated').length;
      const published = await call('pseller', 'POST', '/listing/publish-bulk', { ids: [second, ready] });
      expect(published.status).toBe(200);
      expect(itemsOf(published.body).map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
        [second, 'active'],
        [ready, 'active'],
      ]);
      expect(
        events('feedListingUpdated')
          .slice(before)
          .map((event) => event.rooms[0]),
      ).toEqual([`listing:${second}`, `listing:${ready}`]);
    });
  });

  describe('saved listings', () => {
    it('saves idempotently, lists with the listing summary, unsaves', async () => {
      const first = await listing('sseller', { title: 'Watch me', price: 12 });
      const second = await listing('sseller', { title: 'Me too', price: 13 });
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: first })).status).toBe(201);
      const again = await call('sbuyer', 'POST', '/saved-listing', { listingId: first });
      expect(again).toEqual({ status: 200, body: { listingId: first, saved: true, created: false } });
      await call('sbuyer', 'POST', '/saved-listing', { listingId: second });
      const saved = await call('sbuyer', 'GET', '/saved-listing');
      expect(saved.body.count).toBe(2);
      expect(itemsOf(saved.body)[0]).toMatchObject({
        id: second,
        title: 'Me too',
        price: 13,
        user: { userName: expect.any(String) },
      });
      expect((await call('sbuyer', 'GET', `/saved-listing/${first}`)).body).toEqual({ listingId: first, saved: true });
      expect((await call('sbuyer', 'DELETE', `/saved-listing/${first}`)).body).toEqual({
        listingId: first,
        saved: false,
      });
      expect((await call('sbuyer', 'DELETE', `/saved-listing/${first}`)).status).toBe(200);
      expect((await call('sbuyer', 'GET', '/saved-listing')).body).toMatchObject({ count: 1, items: [{ id: second }] });
      expect((await call('sother', 'GET', '/saved-listing')).body.count).toBe(0);
    });

    it('refuses unknown listings, drafts and bad bodies', async () => {
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: 'nope' })).status).toBe(404);
      const draftId = (await call('sseller', 'POST', '/draft-listing', { title: 'Hidden' })).body.id as string;
      expect((await call('sbuyer', 'POST', '/saved-listing', { listingId: draftId })).status).toBe(404);
      expect((await call('sbuyer', 'POST', '/saved-listing', {})).status).toBe(400);
    });
  });

  describe('reports', () => {
    it('takes one open report per user and listing, never on one’s own listing', async () => {
      const listingId = await listing('rseller', { title: 'Dodgy', price: 1 });
      const report = await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'scam', text: ' Fake ' });
      expect(report).toMatchObject({
        status: 201,
        body: { listingId, reportType: 'scam', text: 'Fake', status: 'open' },
      });
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'other' })).status).toBe(409);
      expect((await call('rother', 'POST', '/listing/report', { listingId, reportType: 'nudity' })).status).toBe(201);
      expect((await call('rseller', 'POST', '/listing/report', { listingId, reportType: 'harmful' })).status).toBe(403);
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId: 'nope', reportType: 'scam' })).status).toBe(
        404,
      );
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'spam' })).status).toBe(400);
      // Once a moderator resolves it, the user may report the listing again.
      await database.db.execute(sql`UPDATE listing_reports SET resolved_at = now() WHERE listing_id = ${listingId}`);
      expect((await call('rbuyer', 'POST', '/listing/report', { listingId, reportType: 'scam' })).status).toBe(201);
    });
  });

  describe('price guidance', () => {
    it('summarises paid sales of the subcategory and type in the window', async () => {
      const seller = await me('gseller');
      const buyer = await me('gbuyer');
      const sale = async (
        type: 'auction' | 'default',
        cents: number,
        status: string,
        daysAgo: number,
        listPrice = cents,
      ) => {
        const [row] = await queryRows<{ id: string }>(
          database.db,
          sql`INSERT INTO listings (user_id, subcategory_id, title, listing_type, status, price_cents, starting_bid_cents)
              VALUES (${seller}, ${subCategoryId}, 'Sold', ${type}, 'sold', ${type === 'default' ? listPrice : null},
                      ${type === 'auction' ? 100 : null}) RETURNING id`,
        );
        await database.db.execute(
          sql`INSERT INTO orders (listing_id, seller_id, buyer_id, price_cents, status, created_at)
              VALUES (${row!.id}, ${seller}, ${buyer}, ${cents}, ${status}, ${new Date(Date.now() - daysAgo * DAY)})`,
        );
      };
      await sale('auction', 1000, 'PAYMENT_CONFIRMED', 1);
      await sale('auction', 3000, 'Shipped', 10);
      await sale('auction', 2000, 'SHIPPING_DELIVERED', 80);
      await sale('auction', 2500, 'SHIPPING_DELIVERED', 85);
      await sale('auction', 99_900, 'PAYMENT_FAILED', 1);
      await sale('auction', 99_900, 'cancelled', 1);
      await sale('auction', 99_900, 'PAYMENT_CONFIRMED', 200);
      await sale('default', 1500, 'PAYMENT_CONFIRMED', 2, 500);

      const prices = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction`,
      );
      expect(prices.body).toMatchObject({ days: 90, count: 4, min: 10, median: 22.5, max: 30 });
      const week = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction&days=7`,
      );
      expect(week.body).toMatchObject({ count: 1, min: 10, median: 10, max: 10 });
      // A buy-now order of three units at $5: the unit price counts.
      const buyNow = await call(
        'gseller',
        'GET',
        `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=default`,
      );
      expect(buyNow.body).toMatchObject({ count: 1, min: 5, median: 5, max: 5 });
      const [category] = await queryRows<{ category_id: string }>(
        database.db,
        sql`SELECT category_id FROM subcategories WHERE id = ${subCategoryId}`,
      );
      const [empty] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO subcategories (category_id, title) VALUES (${category!.category_id}, 'Hockey') RETURNING id`,
      );
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=${empty!.id}&listingType=auction`)).body,
      ).toMatchObject({
        count: 0,
        min: null,
        median: null,
        max: null,
      });
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=nope&listingType=auction`)).status,
      ).toBe(404);
      expect(
        (await call('gseller', 'GET', `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=giveaway`))
          .status,
      ).toBe(400);
      expect(
        (
          await call(
            'gseller',
            'GET',
            `/listing/listing-prices?subCategoryId=${subCategoryId}&listingType=auction&days=0`,
          )
        ).status,
      ).toBe(400);
      expect((await call('gseller', 'GET', `/listing/listing-prices?listingType=auction`)).status).toBe(400);
    });
  });

  describe('share', () => {
    it('gives a public share payload and hides drafts', async () => {
      const buyNow = await listing('hseller', { title: 'Vintage lamp', price: 40 });
      const shared = await call(null, 'GET', `/listing/share/${buyNow}`);
      expect(shared).toEqual({
        status: 200,
        body: {
          listingId: buyNow,
          url: `https://app.test/listing/${buyNow}`,
          title: 'Vintage lamp',
          priceText: 'Buy now $40.00',
          text: `Vintage lamp · Buy now $40.00\nhttps://app.test/listing/${buyNow}`,
          status: 'active',
          seller: expect.any(String),
          video: null,
        },
      });
      const auction = await listing('hseller', { title: 'Cards', listingType: 'auction', startingBid: 2.5 });
      expect((await call(null, 'GET', `/listing/share/${auction}`)).body.priceText).toBe('Starting bid $2.50');
      // One bid of $3 leads at the starting bid (proxy bidding keeps the rest as its maximum).
      await call('hbuyer', 'POST', '/bid', { listingId: auction, amount: 3 });
      expect((await call(null, 'GET', `/listing/share/${auction}`)).body.priceText).toBe('Current bid $2.50');
      const giveaway = await listing('hseller', { title: 'Free', listingType: 'giveaway' });
      expect((await call(null, 'GET', `/listing/share/${giveaway}`)).body.priceText).toBe('Free giveaway');
      const draftId = (await call('hseller', 'POST', '/draft-listing', { title: 'Secret' })).body.id as string;
      expect((await call(null, 'GET', `/listing/share/${draftId}`)).status).toBe(404);
      expect((await call(null, 'GET', '/listing/share/nope')).status).toBe(404);
    });
  });

  describe('end time', () => {
    it('reads publicly and sets it for a draft or an auction without bids, within bounds', async () => {
      const auction = await listing('eseller', { title: 'Timed', listingType: 'auction', startingBid: 1 });
      const read = await call(null, 'GET', `/listing/end-time/${auction}`);
      expect(read.body).toMatchObject({
        listingId: auction,
        listingType: 'auction',
        status: 'active',
        endTime: expect.any(String),
      });
      const target = Date.now() + 2 * DAY;
      const set = await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: String(target) });
      expect(set).toMatchObject({ status: 200, body: { endTime: String(target) } });
      expect(events('feedListingUpdated').at(-1)?.rooms).toEqual([`listing:${auction}`]);
      expect((await call('eother', 'PUT', `/listing/end-time/${auction}`, { endTime: target })).status).toBe(404);
      expect(
        (await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: Date.now() - 1 })).body.message,
      ).toBe('body/endTime: endTime must be in the future');
      expect(
        (await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: Date.now() + 15 * DAY })).status,
      ).toBe(400);
      expect((await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: 'tomorrow' })).status).toBe(400);

      await call('ebuyer', 'POST', '/bid', { listingId: auction, amount: 1 });
      expect((await call('eseller', 'PUT', `/listing/end-time/${auction}`, { endTime: target + HOUR })).status).toBe(
        409,
      );

      const draftId = (await call('eseller', 'POST', '/draft-listing', { title: 'Later', listingType: 'giveaway' }))
        .body.id as string;
      expect((await call(null, 'GET', `/listing/end-time/${draftId}`)).status).toBe(404);
      expect((await call('eseller', 'PUT', `/listing/end-time/${draftId}`, { endTime: target })).body.endTime).toBe(
        String(target),
      );
      const buyNow = await listing('eseller', { title: 'Lamp', price: 1 });
      expect((await call('eseller', 'PUT', `/listing/end-time/${buyNow}`, { endTime: target })).status).toBe(409);
      expect((await call('eseller', 'PUT', '/listing/end-time/nope', { endTime: target })).status).toBe(404);
    });

    it('extends a running auction by bounded minutes and tells the listing room', async () => {
      const auction = await listing('iseller', { title: 'Live', listingType: 'auction', startingBid: 1 });
      const before = Number((await call(null, 'GET', `/listing/end-time/${auction}`)).body.endTime);
      const extended = await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 30 });
      expect(extended).toMatchObject({ status: 200, body: { endTime: String(before + 30 * 60_000) } });
      expect(events('listingEndTimeIncremented').at(-1)).toMatchObject({
        rooms: [`listing:${auction}`],
        payload: { listingId: auction, endTime: String(before + 30 * 60_000) },
      });
      expect((await call('iother', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 30 })).status).toBe(404);
      expect((await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 0 })).status).toBe(400);
      expect((await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 1441 })).status).toBe(
        400,
      );
      // 7 days left + 24 h, eight times over, would pass 14 days from now.
      let last = 200;
      for (let i = 0; i < 8 && last === 200; i += 1) {
        last = (await call('iseller', 'PATCH', `/listing/${auction}/increment-time`, { minutes: 1440 })).status;
      }
      expect(last).toBe(400);
      const buyNow = await listing('iseller', { title: 'Lamp', price: 1 });
      expect((await call('iseller', 'PATCH', `/listing/${buyNow}/increment-time`, { minutes: 5 })).status).toBe(409);
      const ended = await listing('iseller', { title: 'Done', listingType: 'auction', startingBid: 1 });
      await call('iseller', 'PATCH', `/listing/${ended}/ended`);
      expect((await call('iseller', 'PATCH', `/listing/${ended}/increment-time`, { minutes: 5 })).body).toMatchObject({
        statusCode: 409,
        message: 'This auction has already ended',
      });
      expect((await call('iseller', 'PATCH', '/listing/nope/increment-time', { minutes: 5 })).status).toBe(404);
    });
  });
});
