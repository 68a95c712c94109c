// The signed-in user's own account through the real app (app.inject, embedded PGlite, the fake
// identity at the token edge): registration and profile, name and email checks, own-account
// lookups, the public profile, phone verification by SMS code, seller requests, the ship-from
// address, device tokens, the badge, closing the account and contact-us, with every refusal.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { PHONE_CODE_TTL_MS } from '../../server/modules/accounts/rules/phone-code.js';
import { localSms, type SmsSender, unavailableSms } from '../../server/modules/accounts/sms.js';
import { enableSellers, fakeIdentity, type RecordedEvent, recordingPublisher, marketCall } from './market-db.js';

describe('account routes', () => {
  let database: Database;
  let app: FastifyInstance;
  const log: RecordedEvent[] = [];
  const sms = localSms();
  let now = Date.now();
  /** Firebase uids whose sign-in the identity provider was asked to disable. */
  const disabled: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await migrate(database);
    app = await buildApp({
      database,
      identity: { ...fakeIdentity, disableAccount: async (uid) => void disabled.push(uid) },
    });
    app.market.events.attach(recordingPublisher(log));
    app.market.sms = sms;
    app.market.now = () => now;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const call = marketCall(() => app);
  const me = async (user: string) => (await call(user, 'GET', '/user/my-details')).body.id as string;
  const events = (name: string) => log.filter((event) => event.kind === 'market' && event.name === name);
  const codeSentTo = (e164: string) => /\b(\d{6})\b/.exec(sms.lastTo(e164)?.body ?? '')?.[1] ?? '';
  const register = (user: string, userName: string) =>
    call(user, 'POST', '/user', { userName, firstName: 'Ann', lastName: 'Lee', acceptedTerms: true });

  it('documents every account route in the OpenAPI document, secured where a token is needed', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const securedRoutes = [
      ['get', '/v1/user'],
      ['post', '/v1/user'],
      ['patch', '/v1/user/profile'],
      ['delete', '/v1/user/delete-account'],
      ['post', '/v1/user/guest'],
      ['delete', '/v1/user/guest/{id}'],
      ['post', '/v1/user/check-username'],
      ['get', '/v1/user/email/{email}'],
      ['get', '/v1/user/firebase/{id}'],
      ['get', '/v1/user/stirpe/{id}'],
      ['post', '/v1/user/update-phone'],
      ['post', '/v1/user/resend-phone-code'],
      ['post', '/v1/user/verify-phone-otp'],
      ['get', '/v1/user/seller'],
      ['post', '/v1/user-requests'],
      ['get', '/v1/user-requests'],
      ['get', '/v1/user/shipping-info-seller'],
      ['post', '/v1/user/shipping/info-seller'],
      ['post', '/v1/user/device-token'],
      ['delete', '/v1/user/device-token'],
      ['patch', '/v1/user/reset-badge-count'],
    ] as const;
    for (const [method, path] of securedRoutes) {
      expect({ method, path, security: document.paths[path]?.[method]?.security }).toEqual({
        method,
        path,
        security: [{ bearerAuth: [] }],
      });
    }
    expect(document.paths['/v1/user/{id}']?.get?.security).toBeUndefined();
    expect(document.paths['/v1/setting/contact-us']?.post?.security).toBeUndefined();
  });

  it('answers 401 without a valid token, whatever the body', async () => {
    expect((await call(null, 'GET', '/user')).status).toBe(401);
    expect((await call(null, 'POST', '/user', {})).status).toBe(401);
    expect((await call(null, 'DELETE', '/user/delete-account')).status).toBe(401);
    expect((await call(null, 'POST', '/user/verify-phone-otp', { code: 'x' })).status).toBe(401);
    expect((await call('NOT-A-TOKEN', 'GET', '/user')).status).toBe(401);
  });

  describe('the account', () => {
    it('answers the User shape of a new account, before registration', async () => {
      const { status, body } = await call('newbie', 'GET', '/user');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        email: 'newbie@market.test',
        firebaseId: 'uid-newbie',
        firstName: null,
        acceptedTerms: false,
        isGuest: false,
        isPhoneVerified: false,
        sellerEnabled: false,
        sellerFee: 7,
        avgRate: null,
        totalRatings: 0,
        bidAmount: 0,
        shippingInfo: [],
        pendingRequest: null,
        badgeCount: 0,
      });
    });

    it('registers once, with the terms accepted, a free name and a US time zone', async () => {
      expect(
        (
          await call('reg', 'POST', '/user', {
            userName: 'reggie',
            firstName: 'R',
            lastName: 'G',
            acceptedTerms: false,
          })
        ).body.message,
      ).toContain('must be true');
      expect((await call('reg', 'POST', '/user', { userName: 'reggie', firstName: 'R', lastName: 'G' })).status).toBe(
        400,
      );
      const foreignZone = await call('reg', 'POST', '/user', {
        userName: 'reggie',
        firstName: 'R',
        lastName: 'G',
        acceptedTerms: true,
        timezone: 'Europe/Paris',
      });
      expect(foreignZone.status).toBe(400);
      const extra = await call('reg', 'POST', '/user', {
        userName: 'reggie',
        firstName: 'R',
        lastName: 'G',
        acceptedTerms: true,
        isAdmin: true,
      });
      expect(extra.status).toBe(400);

      const done = await call('reg', 'POST', '/user', {
        userName: 'Reggie',
        firstName: ' Reg ',
        lastName: 'Gold',
        acceptedTerms: true,
        timezone: 'America/Chicago',
      });
      expect(done).toMatchObject({
        status: 201,
        body: {
          userName: 'Reggie',
          firstName: 'Reg',
          lastName: 'Gold',
          acceptedTerms: true,
          timezone: 'America/Chicago',
        },
      });
      expect((await register('reg', 'reggie2')).body).toMatchObject({
        statusCode: 409,
        message: 'This account is already registered; change it with PATCH /user/profile',
      });
      // Names are one name whatever their case.
      expect((await register('reg2', 'REGGIE')).body).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
    });

    it('changes the profile; /user/my-details shows the new name at once', async () => {
      await register('prof', 'profile1');
      expect((await call('prof', 'GET', '/user/my-details')).body.userName).toBe('profile1');
      const changed = await call('prof', 'PATCH', '/user/profile', {
        userName: 'profile_two',
        profileDescription: 'Cards and comics since 1999',
      });
      expect(changed).toMatchObject({
        status: 200,
        body: { userName: 'profile_two', profileDescription: 'Cards and comics since 1999', firstName: 'Ann' },
      });
      expect((await call('prof', 'GET', '/user/my-details')).body.userName).toBe('profile_two');
      expect((await call('prof', 'PATCH', '/user/profile', { profileDescription: null })).body.profileDescription).toBe(
        null,
      );
      expect((await call('prof', 'PATCH', '/user/profile', {})).body.message).toContain(
        'must change at least one field',
      );
      expect((await call('prof', 'PATCH', '/user/profile', { userName: 'no spaces please' })).status).toBe(400);
      expect((await call('prof', 'PATCH', '/user/profile', { email: 'x@y.z' })).status).toBe(400);
      await register('prof2', 'taken_name');
      expect((await call('prof', 'PATCH', '/user/profile', { userName: 'Taken_Name' })).body).toMatchObject({
        statusCode: 409,
        message: 'Username already exists',
      });
      // One's own name is not "taken".
      expect((await call('prof', 'PATCH', '/user/profile', { userName: 'PROFILE_TWO' })).status).toBe(200);
    });

    it('shows a new name in the user’s chats: updateChat to both participants and to moderators', async () => {
      const renamer = await me('renamer');
      const partner = await me('partner');
      const chat = await call('renamer', 'POST', '/chat', { otherUserId: partner });
      expect(chat.status).toBe(200);
      log.length = 0;
      await call('renamer', 'PATCH', '/user/profile', { profileDescription: 'Not a rename' });
      expect(log).toEqual([]);
      await call('renamer', 'PATCH', '/user/profile', { userName: 'renamed_one' });
      const market = events('updateChat');
      expect(market).toEqual([
        expect.objectContaining({
          rooms: [`user:${renamer}`, `user:${partner}`],
          payload: expect.objectContaining({
            id: chat.body.id,
            user: expect.objectContaining({ id: renamer, userName: 'renamed_one' }),
          }),
        }),
      ]);
      expect(log.filter((event) => event.kind === 'admin' && event.name === 'updateChat')).toHaveLength(1);
    });

    it('checks names (the caller’s own is free) and emails', async () => {
      await register('chk', 'checker');
      await register('chk2', 'other_one');
      expect((await call('chk', 'POST', '/user/check-username', { userName: 'OTHER_ONE' })).body).toEqual({
        exists: true,
      });
      expect((await call('chk', 'POST', '/user/check-username', { userName: 'checker' })).body).toEqual({
        exists: false,
      });
      expect((await call('chk', 'POST', '/user/check-username', { userName: 'free_name' })).body).toEqual({
        exists: false,
      });
      expect((await call('chk', 'POST', '/user/check-username', { userName: 'a' })).status).toBe(400);
      expect((await call('chk', 'GET', '/user/email/CHK2@market.test')).body).toEqual({ exists: true });
      expect((await call('chk', 'GET', '/user/email/nobody@market.test')).body).toEqual({ exists: false });
      expect((await call('chk', 'GET', '/user/email/not-an-email')).status).toBe(400);
    });

    it('shows the identity verification status once the user started one', async () => {
      const id = await me('verifier');
      expect((await call('verifier', 'GET', '/user')).body.stripeIdentityStatus).toBeNull();
      await database.db.execute(
        sql`INSERT INTO identity_verifications (id, user_id, status) VALUES ('vs_account_1', ${id}, 'Verified')`,
      );
      expect((await call('verifier', 'GET', '/user')).body.stripeIdentityStatus).toBe('Verified');
    });

    it('looks up the caller’s own account by Firebase uid or payment account id, and nobody else’s', async () => {
      const id = await me('look');
      await database.db.execute(
        sql`UPDATE users SET stripe_user_id = 'acct_look1', stripe_customer_id = 'cus_look1' WHERE id = ${id}`,
      );
      expect((await call('look', 'GET', '/user/firebase/uid-look')).body.id).toBe(id);
      expect((await call('look', 'GET', '/user/stirpe/acct_look1')).body.id).toBe(id);
      expect((await call('look', 'GET', '/user/stirpe/cus_look1')).body.id).toBe(id);
      await me('other');
      expect((await call('look', 'GET', '/user/firebase/uid-other')).body).toMatchObject({
        statusCode: 403,
        message: 'Only your own account can be looked up this way',
      });
      expect((await call('look', 'GET', '/user/stirpe/acct_unknown')).status).toBe(403);
    });

    it('shows anybody a public profile without email, phone or payment details', async () => {
      const id = await me('pub');
      await register('pub', 'public_ann');
      const { status, body } = await call(null, 'GET', `/user/${id}`);
      expect(status).toBe(200);
      expect(body).toEqual({
        id,
        userName: 'public_ann',
        avatar: null,
        profileDescription: null,
        sellerEnabled: false,
        avgRate: null,
        totalRatings: 0,
        createdAt: expect.any(String),
      });
      expect((await call(null, 'GET', '/user/no-such-user')).body).toMatchObject({
        statusCode: 404,
        message: 'User not found',
      });
    });
  });

  describe('guests', () => {
    it('marks an unregistered account a guest, which registering clears; a guest deletes only itself', async () => {
      const guestId = await me('guest');
      expect((await call('guest', 'POST', '/user/guest')).body).toMatchObject({ isGuest: true, acceptedTerms: false });
      expect((await call('guest', 'POST', '/user/guest')).body).toMatchObject({
        statusCode: 409,
        message: 'This account is already a guest',
      });
      const otherId = await me('guest2');
      await call('guest2', 'POST', '/user/guest');
      expect((await call('guest', 'DELETE', `/user/guest/${otherId}`)).body).toMatchObject({
        statusCode: 403,
        message: 'Only your own guest account can be deleted',
      });
      expect((await register('guest2', 'no_longer_guest')).body.isGuest).toBe(false);
      expect((await call('guest2', 'DELETE', `/user/guest/${otherId}`)).body).toMatchObject({
        statusCode: 409,
        message: 'This account is not a guest account; close it with DELETE /user/delete-account',
      });
      expect((await call('guest2', 'POST', '/user/guest')).body.message).toBe(
        'A registered account cannot become a guest',
      );
      expect((await call('guest', 'DELETE', `/user/guest/${guestId}`)).status).toBe(204);
      expect((await call('guest', 'GET', '/user')).status).toBe(403);
    });
  });

  describe('phone number', () => {
    it('verifies a new number by SMS code: refusals, a wrong guess, then the right code', async () => {
      expect((await call('phone', 'POST', '/user/update-phone', { phoneNumber: '555-0143' })).body.message).toContain(
        'must be a US phone number',
      );
      expect((await call('phone', 'POST', '/user/verify-phone-otp', { code: '123456' })).body).toMatchObject({
        statusCode: 409,
        message: 'No phone number is waiting for a code; send one with POST /user/update-phone',
      });
      const sent = await call('phone', 'POST', '/user/update-phone', { phoneNumber: '(512) 555-0143' });
      expect(sent).toEqual({
        status: 200,
        body: {
          sentTo: '+1 •••-•••-0143',
          expiresAt: new Date(now + PHONE_CODE_TTL_MS).toISOString(),
          resendAfter: new Date(now + 30_000).toISOString(),
        },
      });
      const code = codeSentTo('+15125550143');
      expect(code).toMatch(/^\d{6}$/);
      expect((await call('phone', 'POST', '/user/resend-phone-code')).body).toMatchObject({
        statusCode: 429,
        message: expect.stringContaining('A code was just sent'),
      });
      expect((await call('phone', 'POST', '/user/verify-phone-otp', { code: '12345' })).status).toBe(400);
      const wrong = code === '000000' ? '000001' : '000000';
      expect((await call('phone', 'POST', '/user/verify-phone-otp', { code: wrong })).body).toMatchObject({
        statusCode: 400,
        message: 'The code is not correct; 4 tries left',
      });
      const verified = await call('phone', 'POST', '/user/verify-phone-otp', { code });
      expect(verified).toMatchObject({
        status: 200,
        body: { phoneNumber: '+15125550143', countryCode: 'US', isPhoneVerified: true },
      });
      // The code is spent.
      expect((await call('phone', 'POST', '/user/verify-phone-otp', { code })).status).toBe(409);
      expect((await call('phone', 'POST', '/user/update-phone', { phoneNumber: '+1 512 555 0143' })).body.message).toBe(
        'This number is already verified on your account',
      );
      // Another account cannot take a verified number.
      expect((await call('phone2', 'POST', '/user/update-phone', { phoneNumber: '512.555.0143' })).body).toMatchObject({
        statusCode: 409,
        message: 'This phone number is already in use',
      });
    });

    it('voids a code after five wrong guesses and after ten minutes; a resend replaces it', async () => {
      await call('guess', 'POST', '/user/update-phone', { phoneNumber: '2125550199' });
      const code = codeSentTo('+12125550199');
      const wrong = code === '999999' ? '999998' : '999999';
      for (const left of ['4 tries left', '3 tries left', '2 tries left', '1 try left']) {
        expect((await call('guess', 'POST', '/user/verify-phone-otp', { code: wrong })).body.message).toContain(left);
      }
      expect((await call('guess', 'POST', '/user/verify-phone-otp', { code: wrong })).body.message).toBe(
        'The code is not correct; ask for a new one',
      );
      expect((await call('guess', 'POST', '/user/verify-phone-otp', { code })).body).toMatchObject({
        statusCode: 409,
        message: 'Too many wrong codes; ask for a new one',
      });
      now += 31_000;
      expect((await call('guess', 'POST', '/user/resend-phone-code')).status).toBe(200);
      const second = codeSentTo('+12125550199');
      now += PHONE_CODE_TTL_MS;
      expect((await call('guess', 'POST', '/user/verify-phone-otp', { code: second })).body.message).toBe(
        'The code has expired; ask for a new one',
      );
      now += 31_000;
      await call('guess', 'POST', '/user/resend-phone-code');
      const third = codeSentTo('+12125550199');
      expect((await call('guess', 'POST', '/user/verify-phone-otp', { code: third })).body.isPhoneVerified).toBe(true);
    });

    it('keeps nothing when the SMS provider refuses the message (502)', async () => {
      const failing: SmsSender = { send: async () => Promise.reject(new Error('number unreachable')) };
      app.market.sms = failing;
      try {
        // 5xx bodies carry no provider details (the error contract); the reason is in the server log.
        expect((await call('nosms', 'POST', '/user/update-phone', { phoneNumber: '3105550100' })).status).toBe(502);
      } finally {
        app.market.sms = sms;
      }
      expect((await call('nosms', 'POST', '/user/resend-phone-code')).status).toBe(409);
      expect((await call('nosms', 'POST', '/user/update-phone', { phoneNumber: '3105550100' })).status).toBe(200);
    });

    it('answers 503 with the reason, and keeps nothing, when the server has no SMS provider', async () => {
      app.market.sms = unavailableSms();
      try {
        expect(await call('nophone', 'POST', '/user/update-phone', { phoneNumber: '3105550111' })).toMatchObject({
          status: 503,
          body: { message: 'Phone verification is not available: this server has no SMS provider' },
        });
      } finally {
        app.market.sms = sms;
      }
      expect((await call('nophone', 'POST', '/user/resend-phone-code')).status).toBe(409);
    });
  });

  describe('selling', () => {
    it('asks an admin to sell once; the standing follows the request and the approval', async () => {
      expect((await call('wannasell', 'GET', '/user/seller')).body).toMatchObject({
        sellerStatus: 'Not a seller',
        sellerEnabled: false,
        sellerFee: 7,
        hasPayoutAccount: false,
        pendingRequest: null,
        returnAddress: null,
      });
      expect(
        (
          await call('wannasell', 'POST', '/user-requests', {
            description: 'Vintage toys',
            instagramLink: 'https://evil.example/instagram.com',
          })
        ).body.message,
      ).toContain('must be a link to instagram.com');
      expect(
        (
          await call('wannasell', 'POST', '/user-requests', {
            description: 'x',
            otherProfileLink: 'javascript:alert(1)',
          })
        ).status,
      ).toBe(400);
      expect((await call('wannasell', 'POST', '/user-requests', { description: '   ' })).status).toBe(400);
      const asked = await call('wannasell', 'POST', '/user-requests', {
        description: 'Vintage toys',
        instagramLink: 'https://www.instagram.com/toys',
      });
      expect(asked).toMatchObject({
        status: 201,
        body: { status: 'PENDING', description: 'Vintage toys', instagramLink: 'https://www.instagram.com/toys' },
      });
      expect((await call('wannasell', 'POST', '/user-requests', { description: 'Again' })).body).toMatchObject({
        statusCode: 409,
        message: 'Your seller request is already waiting for an admin',
      });
      expect((await call('wannasell', 'GET', '/user/seller')).body).toMatchObject({
        sellerStatus: 'Pending request',
        pendingRequest: { id: asked.body.id, description: 'Vintage toys' },
      });
      expect((await call('admin', 'PATCH', `/admin/users/${asked.body.id as string}/approve`)).status).toBe(200);
      expect((await call('wannasell', 'GET', '/user/seller')).body).toMatchObject({
        sellerStatus: 'Accepted',
        sellerEnabled: true,
        pendingRequest: null,
      });
      expect((await call('wannasell', 'POST', '/user-requests', { description: 'More' })).body.message).toBe(
        'You are already a seller',
      );
      expect((await call('wannasell', 'GET', '/user-requests')).body).toMatchObject({
        count: 1,
        items: [{ id: asked.body.id, status: 'APPROVED' }],
      });
    });

    it('keeps the seller’s ship-from address under both spellings of the path', async () => {
      const address = {
        firstName: 'Sal',
        lastName: 'Lee',
        addressLineOne: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      };
      expect((await call('shipper', 'GET', '/user/shipping-info-seller')).body).toEqual({ returnAddress: null });
      expect(
        (await call('shipper', 'POST', '/user/shipping-info-seller', { ...address, type: 'DEFAULT' })).status,
      ).toBe(400);
      expect(
        (await call('shipper', 'POST', '/user/shipping-info-seller', { ...address, zipCode: '7870' })).status,
      ).toBe(400);
      const saved = await call('shipper', 'POST', '/user/shipping/info-seller', address);
      expect(saved).toMatchObject({ status: 201, body: { type: 'RETURN_ADDRESS', city: 'Austin' } });
      expect((await call('shipper', 'GET', '/user/shipping/info-seller')).body).toEqual({ returnAddress: saved.body });
      expect((await call('shipper', 'GET', '/user/seller')).body.returnAddress).toEqual(saved.body);
      expect((await call('shipper', 'GET', '/user')).body.shippingInfo).toEqual([saved.body]);
    });
  });

  describe('devices and badge', () => {
    it('registers a device token, moves it to whoever signs in on the device, and removes only one’s own', async () => {
      expect((await call('phonea', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'symbian' })).status).toBe(
        400,
      );
      expect(
        (await call('phonea', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'ios' })).body,
      ).toMatchObject({ token: 'fcm-1', platform: 'ios' });
      expect((await call('phoneb', 'POST', '/user/device-token', { token: 'fcm-1', platform: 'ios' })).status).toBe(
        200,
      );
      expect((await call('phonea', 'DELETE', '/user/device-token', { token: 'fcm-1' })).body).toMatchObject({
        statusCode: 404,
        message: 'Device token not found',
      });
      expect((await call('phoneb', 'DELETE', '/user/device-token', { token: 'fcm-1' })).status).toBe(204);
      const [row] = await queryRows(database.db, sql`SELECT 1 FROM device_tokens WHERE token = 'fcm-1'`);
      expect(row).toBeUndefined();
    });

    it('counts unread notifications since the badge was reset', async () => {
      const id = await me('badge');
      const notify = () =>
        database.db.execute(
          sql`INSERT INTO notifications (user_id, type, title, created_at)
              VALUES (${id}, 'newMessage', 'New message', clock_timestamp())`,
        );
      await notify();
      await notify();
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(2);
      expect((await call('badge', 'PATCH', '/user/reset-badge-count')).body).toMatchObject({ badgeCount: 0 });
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(0);
      await notify();
      expect((await call('badge', 'GET', '/user')).body.badgeCount).toBe(1);
    });
  });

  describe('closing the account', () => {
    it('refuses while the user leads a running auction, naming why', async () => {
      await enableSellers(app, 'auctioneer');
      const auction = await call('auctioneer', 'POST', '/listing', {
        title: 'Signed ball',
        listingType: 'auction',
        startingBid: 10,
      });
      expect((await call('leader', 'POST', '/bid', { listingId: auction.body.id, amount: 10 })).status).toBe(200);
      expect((await call('leader', 'DELETE', '/user/delete-account')).body).toMatchObject({
        statusCode: 409,
        message: 'Your account cannot be closed yet: you lead 1 running auction',
      });
      expect((await call('leader', 'GET', '/user')).body.bidAmount).toBe(10);
      expect((await call('auctioneer', 'DELETE', '/user/delete-account')).body.message).toBe(
        'Your account cannot be closed yet: 1 running listing has bids or entries',
      );
    });

    it('closes the account: its listings leave the market, its giveaway entries go, and it is refused after', async () => {
      const id = await me('leaving');
      await enableSellers(app, 'leaving', 'giver');
      await call('leaving', 'POST', '/user/device-token', { token: 'fcm-leaving', platform: 'android' });
      const lamp = await call('leaving', 'POST', '/listing', { title: 'Desk lamp', price: 30 });
      const giveaway = await call('giver', 'POST', '/listing', { title: 'Free stickers', listingType: 'giveaway' });
      expect((await call('leaving', 'POST', '/giveaway-entry', { listingId: giveaway.body.id })).status).toBe(201);
      expect((await call('stayer', 'POST', '/giveaway-entry', { listingId: giveaway.body.id })).status).toBe(201);
      log.length = 0;

      expect((await call('leaving', 'DELETE', '/user/delete-account')).status).toBe(204);
      // Every node refuses the account from now on: its Firebase sign-in is disabled too.
      expect(disabled).toContain('uid-leaving');

      expect(events('feedListingUpdated')).toEqual([
        expect.objectContaining({ rooms: [`listing:${lamp.body.id as string}`], payload: { listingId: lamp.body.id } }),
      ]);
      expect(events('giveawayEntriesUpdated')).toEqual([
        expect.objectContaining({ payload: { listingId: giveaway.body.id, entries: 1 } }),
      ]);
      expect((await call(null, 'GET', `/listing/${lamp.body.id as string}`)).status).toBe(404);
      expect((await call('leaving', 'GET', '/user')).body).toMatchObject({
        statusCode: 403,
        message: 'This account was deleted',
      });
      expect((await call(null, 'GET', `/user/${id}`)).status).toBe(404);
      const [device] = await queryRows(database.db, sql`SELECT 1 FROM device_tokens WHERE user_id = ${id}`);
      expect(device).toBeUndefined();
    });
  });

  describe('contact us', () => {
    it('takes a message from anybody, linked to the account when a token is sent', async () => {
      const message = { name: 'Pat', email: 'pat@example.com', subject: 'Login', message: 'I cannot sign in' };
      const anonymous = await call(null, 'POST', '/setting/contact-us', message);
      expect(anonymous).toMatchObject({ status: 201, body: { id: expect.any(String), createdAt: expect.any(String) } });
      const signedIn = await call('writer', 'POST', '/setting/contact-us', { ...message, subject: undefined });
      expect(signedIn.status).toBe(201);
      const rows = await queryRows<{ id: string; user_id: string | null }>(
        database.db,
        sql`SELECT id, user_id FROM contact_messages WHERE id IN (${anonymous.body.id as string}, ${signedIn.body.id as string})`,
      );
      const writer = await me('writer');
      expect(Object.fromEntries(rows.map((row) => [row.id, row.user_id]))).toEqual({
        [anonymous.body.id as string]: null,
        [signedIn.body.id as string]: writer,
      });
      expect((await call('NOT-A-TOKEN', 'POST', '/setting/contact-us', message)).status).toBe(401);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, email: 'nope' })).status).toBe(400);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, message: ' ' })).status).toBe(400);
      expect((await call(null, 'POST', '/setting/contact-us', { ...message, phone: '1' })).status).toBe(400);
    });
  });
});
