// Phone verification by SMS code, seller requests and the ship-from address.
// Through the real app (app.inject, embedded PGlite, the fake identity at the token edge), with every
// refusal; the shared set-up is in account-app.ts.
import { describe, expect, it } from 'vitest';
import { PHONE_CODE_TTL_MS } from '../../server/modules/accounts/rules/phone-code.js';
import { type SmsSender, unavailableSms } from '../../server/modules/accounts/sms.js';
import { app, call, codeSentTo, sms, useAccountApp } from './account-app.js';

describe('account routes', () => {
  let now = Date.now();
  useAccountApp(() => now);

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

    it('keeps nothing when the SMS provider refuses the message (503, as documented)', async () => {
      const failing: SmsSender = { send: async () => Promise.reject(new Error('number unreachable')) };
      app.market.sms = failing;
      try {
        // 5xx bodies carry no provider details (the error contract); the reason is in the server log.
        expect(await call('nosms', 'POST', '/user/update-phone', { phoneNumber: '3105550100' })).toMatchObject({
          status: 503,
          body: { message: 'The code could not be sent by text message; try again in a moment' },
        });
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
});
