// What the API fuzz (api-fuzz.test.ts) found answering 500, each now refused as invalid input
// (400) through the real routes: amounts too large for exact cents, numbers beyond the 4-byte
// integer columns of stock, weights and sizes, end times beyond what a date holds, and a
// seller request's profile link that is not a URL at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type MarketCaller } from './market-objects.js';
import { buildSecurityApp, type SecurityApp } from './security-app.js';

describe('inputs the API fuzz found answering 500', () => {
  let found: SecurityApp;
  let call: MarketCaller;
  let listingId: string;

  beforeAll(async () => {
    found = await buildSecurityApp({ demoData: false });
    call = callerOf(found.app);
    const seller = (await call('sela', 'GET', '/user/my-details')).body.id as string;
    await call('admin', 'PATCH', `/admin/users/${seller}/enable-disable-seller`, { sellerEnabled: true });
    listingId = (await call('sela', 'POST', '/listing', { title: 'Lamp', price: 10 })).body.id as string;
    expect(listingId).toBeTruthy();
  }, 60_000);
  afterAll(async () => {
    await found?.close();
  });

  const refused = async (user: string, method: 'POST' | 'PATCH', path: string, body: object, field: string) => {
    const answer = await call(user, method, path, body);
    expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 });
    expect(answer.body.message).toContain(field);
  };

  it('refuses an amount whose cents are not an exact integer', async () => {
    await refused('buyo', 'POST', '/offer', { listingId, amount: 9_007_199_254_740_991 }, 'body/amount');
    await refused('sela', 'POST', '/listing', { title: 'Lamp', price: 1e15 }, 'body/price');
    await refused('buyo', 'POST', '/bid', { listingId, amount: 1e21 }, 'body/amount');
    await refused('admin', 'PATCH', `/admin/listings/active/${listingId}`, { startingBid: 1e15 }, 'body/startingBid');
  });

  it('refuses stock, weights and sizes beyond their integer columns', async () => {
    for (const field of ['weight', 'width', 'height', 'length']) {
      const huge = { [field]: 2 ** 31 };
      await refused('sela', 'POST', '/listing', { title: 'Lamp', price: 10, ...huge }, `body/${field}`);
      await refused('sela', 'PATCH', `/listing/${listingId}`, huge, `body/${field}`);
      await refused('sela', 'POST', '/draft-listing', huge, `body/${field}`);
      await refused('admin', 'PATCH', `/admin/listings/active/${listingId}`, huge, `body/${field}`);
    }
    await refused('admin', 'PATCH', `/admin/listings/active/${listingId}`, { inStock: 2 ** 31 }, 'body/inStock');
    expect((await call('sela', 'POST', '/listing', { title: 'Lamp', price: 10, weight: 2 ** 31 - 1 })).status).toBe(
      201,
    );
  });

  it('refuses an end time no date can hold', async () => {
    for (const endTime of [9_007_199_254_740_991, '99999999999999999999']) {
      await refused('sela', 'POST', '/listing', { title: 'Gift', listingType: 'giveaway', endTime }, 'body/endTime');
    }
  });

  it('refuses a seller request whose profile link is not a URL', async () => {
    await refused('newbie', 'POST', '/user-requests', { description: 'Lamps', instagramLink: 'G}' }, 'instagramLink');
  });
});
