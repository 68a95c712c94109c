// The signed-in user's own account: registration and profile, name and email checks, own-account
// lookups, the public profile and guests.
// Through the real app (app.inject, embedded PGlite, the fake identity at the token edge), with every
// refusal; the shared set-up is in account-app.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { app, call, database, events, log, me, register, useAccountApp } from './account-app.js';

describe('account routes', () => {
  useAccountApp();

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
    // Open to anybody, or to a signed-in user with a token (whose message then names them).
    expect(document.paths['/v1/setting/contact-us']?.post?.security).toEqual([{}, { bearerAuth: [] }]);
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
});
