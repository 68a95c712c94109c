// The buyer app's public reads through the real app (app.inject, embedded PGlite, no token): the
// catalogue, every public listing and seller section on a small hand-built dataset (membership
// and order), paging and its 400s, no deleted listing or seller, no private user field, the
// home screen's tabs, time zones and settings, and the OpenAPI document.
// The dataset and the app are set up in public-market-fixture.ts.
import { describe, expect, it } from 'vitest';
import { BID_INCREMENT_TABLE } from '../../shared/rules/bid-increments.js';
import { DEFAULT_PACKAGE_WEIGHT_OZ } from '../../shared/rules/market-defaults.js';
import { DEFAULT_SELLER_FEE } from '../../shared/rules/seller-fees.js';
import { ANTI_SNIPE_WINDOW_MS } from '../../server/modules/auctions/rules/proxy-bidding.js';
import { HOME_TAB_SECTIONS, HOME_TABS } from '../../server/modules/catalogue/public-sections.js';
import { app, get, ids, names, PUBLIC_USER_KEYS, titles, usePublicMarket } from './public-market-fixture.js';

describe('public market reads', () => {
  usePublicMarket();

  describe('catalogue', () => {
    it('lists the active categories by sort with their active subcategories by sort', async () => {
      const { status, body } = await get('/category');
      expect(status).toBe(200);
      const items = body.items as unknown as { title: string; subcategories: { title: string }[] }[];
      expect(items.map((category) => [category.title, titles(category.subcategories)])).toEqual([
        ['Coins', ['Silver']],
        ['Cards', ['Pokemon', 'Baseball', 'Hockey']],
      ]);
      expect(body.count).toBe(2);
      expect(items[1]!.subcategories[0]).toEqual({
        id: ids.Pokemon,
        categoryId: ids.Cards,
        title: 'Pokemon',
        isActive: true,
        sort: 1,
        image: null,
        minPackageWeightInOz: DEFAULT_PACKAGE_WEIGHT_OZ,
        createdAt: expect.any(String),
        category: { id: ids.Cards, title: 'Cards' },
      });
    });

    it.each([
      // Silver holds only an auction past its end and a deleted listing; Hockey a deleted seller's.
      ['/category/non-empty', [['Cards', ['Pokemon', 'Baseball', 'Hockey']]]],
      ['/subCategory/grouped-non-empty', [['Cards', ['Pokemon', 'Baseball']]]],
    ])('%s keeps the categories with a listing on sale now', async (url, expected) => {
      const items = (await get(url)).body.items as unknown as { title: string; subcategories: { title: string }[] }[];
      expect(items.map((category) => [category.title, titles(category.subcategories)])).toEqual(expected);
    });

    it.each([
      ['/subCategory', ['Silver', 'Pokemon', 'Baseball', 'Hockey']],
      ['/subCategory?categoryId=CATS', ['Pokemon', 'Baseball', 'Hockey']],
      ['/subCategory/non-empty', ['Pokemon', 'Baseball']],
      ['/subCategory/non-empty?categoryId=COINS', []],
    ])('%s lists active subcategories in order', async (url, expected) => {
      const { status, body } = await get(url.replace('CATS', ids.Cards!).replace('COINS', ids.Coins!));
      expect(status).toBe(200);
      expect(titles(body.items as unknown as { title: string }[])).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });
  });

  describe('listing sections', () => {
    it.each([
      ['featured', ['pricey-older', 'dollar-soon']],
      ['giveaway', ['open-giveaway']],
      ['starting-bid-one-dollar', ['dollar-soon', 'cheap-later']],
      // hot-soon: 3 bids in 24 h (one older); cheap-later: 1; dollar-soon's only bid is 30 h old.
      ['most-bids-last-24-hours', ['hot-soon', 'cheap-later']],
      ['most-recent-buy-now-price-over-100', ['pricey-newer', 'pricey-older']],
      // Paid orders of the last 7 days, latest first; cancelled, failed and older orders do not count.
      ['sold-listings-this-week', ['pricey-newer', 'sold-out', 'sold-auction']],
      ['auctions-ending-soon', ['hot-soon', 'dollar-soon']],
      ['ended-giveaways', ['due-giveaway', 'drawn-giveaway']],
      ['auctions-by-subcategory/BASEBALL', ['hot-soon', 'dollar-soon']],
      ['auctions-by-subcategory/SILVER', []],
      ['buy-now-by-subcategory/POKEMON', ['pricey-older']],
      ['buy-now-by-subcategory/SILVER', []],
    ])('%s: membership and order', async (section, expected) => {
      const url = `/public/listings/${section}`
        .replace('BASEBALL', ids.Baseball!)
        .replace('SILVER', ids.Silver!)
        .replace('POKEMON', ids.Pokemon!);
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(names(body.items)).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });

    it('random-buy-now-listings samples the buyable buy-now listings in one order, page after page', async () => {
      const all = names((await get('/public/listings/random-buy-now-listings?limit=100')).body.items);
      expect([...all].sort()).toEqual(['cheap', 'pricey-newer', 'pricey-older']);
      expect(names((await get('/public/listings/random-buy-now-listings?limit=100')).body.items)).toEqual(all);
      const pages = [];
      for (const page of [1, 2, 3]) {
        const { body } = await get(`/public/listings/random-buy-now-listings?page=${page}&limit=1`);
        expect(body.count).toBe(3);
        pages.push(...names(body.items));
      }
      expect(pages).toEqual(all);
    });

    it('returns the public listing shape of GET /listing/{id}', async () => {
      const { body } = await get('/public/listings/featured');
      const single = await get(`/listing/${ids['dollar-soon']}`);
      expect(body.items.find((item) => item.id === ids['dollar-soon'])).toEqual(single.body);
    });

    it('never shows a deleted listing, a draft or a deleted seller in any section', async () => {
      const hidden = ['deleted-seller-auction', 'deleted-auction', 'draft-auction', 'deleted-seller-buy-now'];
      hidden.push('deleted-seller-giveaway');
      const sections = Object.values(HOME_TAB_SECTIONS)
        .flat()
        .filter((ref) => ref.type === 'listings')
        .map((ref) => ref.key);
      for (const section of new Set([...sections, 'ended-giveaways'])) {
        const { body } = await get(`/public/listings/${section}?limit=100`);
        for (const name of hidden)
          expect({ section, names: names(body.items) }).not.toEqual({ section, names: expect.arrayContaining([name]) });
        expect(body.items.every((item) => (item as unknown as { user: { id: string } }).user.id !== ids.dave)).toBe(
          true,
        );
      }
    });

    it('GET /listing hides the listings of a deleted seller too, and counts without them', async () => {
      const { status, body } = await get('/listing?limit=100');
      expect(status).toBe(200);
      expect(body.items.length).toBeGreaterThan(0);
      expect(names(body.items)).not.toEqual(expect.arrayContaining(['deleted-seller-auction']));
      expect(names(body.items)).not.toEqual(expect.arrayContaining(['deleted-seller-buy-now']));
      expect(body.count).toBe(body.items.length);
    });

    it('pages with page and limit, count being the whole section', async () => {
      const first = await get('/public/listings/most-recent-buy-now-price-over-100?limit=1');
      const second = await get('/public/listings/most-recent-buy-now-price-over-100?page=2&limit=1');
      const beyond = await get('/public/listings/most-recent-buy-now-price-over-100?page=3&limit=1');
      expect([first.body.count, names(first.body.items)]).toEqual([2, ['pricey-newer']]);
      expect([second.body.count, names(second.body.items)]).toEqual([2, ['pricey-older']]);
      expect([beyond.body.count, beyond.body.items]).toEqual([2, []]);
    });

    it.each([
      '/public/listings/featured?page=0',
      '/public/listings/featured?limit=0',
      '/public/listings/featured?limit=101',
      '/public/listings/featured?limit=ten',
      '/public/listings/featured?page=1.5',
      '/public/listings/featured?sortBy=title',
      '/public/listings/everything',
      '/public/users/featured-sellers?limit=101',
      '/public/users/top-sellers',
      '/public/home-sections?tab=Deals',
      '/subCategory?categoryId=',
    ])('%s is a 400', async (url) => {
      expect((await get(url)).status).toBe(400);
    });
  });

  describe('seller sections', () => {
    it.each([
      ['featured-sellers', ['alice']], // bob has no payout account, dave is deleted
      ['trending-sellers', ['alice', 'bob']], // 2 paid orders this week against 1; dave's are not counted
      ['new-sellers', ['carol', 'bob', 'alice']], // the buyer is no seller, dave is deleted
    ])('%s: membership and order', async (section, expected) => {
      const { status, body } = await get(`/public/users/${section}`);
      expect(status).toBe(200);
      expect(names(body.items)).toEqual(expected);
      expect(body.count).toBe(expected.length);
    });

    it('shows a seller with no email or private field, with their ratings', async () => {
      const { body } = await get('/public/users/new-sellers');
      for (const item of body.items) expect(Object.keys(item).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(body.items.find((item) => item.id === ids.alice)).toEqual({
        id: ids.alice,
        userName: 'alice',
        avatar: 'https://img.test/alice.png',
        avgRate: 4.5,
        totalRatings: 2,
      });
      expect(body.items.find((item) => item.id === ids.carol)).toMatchObject({ avgRate: null, totalRatings: 0 });
    });
  });

  describe('home sections', () => {
    it.each(HOME_TABS.map((tab) => [tab]))('%s tab: its sections in order, each with its first items', async (tab) => {
      const response = await app.inject({
        method: 'GET',
        url: `/v1/public/home-sections?tab=${encodeURIComponent(tab)}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        tab: string;
        items: { type: 'listings' | 'users'; key: string; title: string; items: { id: string }[] }[];
      };
      expect(body.tab).toBe(tab);
      expect(body.items.map(({ type, key }) => ({ type, key }))).toEqual(HOME_TAB_SECTIONS[tab]);
      for (const section of body.items) {
        expect(Object.keys(section).sort()).toEqual(['items', 'key', 'title', 'type']);
        expect(section.title).not.toBe('');
        const full = await get(`/public/${section.type}/${section.key}?limit=10`);
        expect(section.items).toEqual(full.body.items);
        if (section.type === 'users') {
          for (const item of section.items) expect(Object.keys(item).sort()).toEqual(PUBLIC_USER_KEYS);
        }
      }
    });

    it('shows the Home tab by default', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/public/home-sections' });
      const body = response.json() as { tab: string; items: { key: string }[] };
      expect(body.tab).toBe('Home');
      expect(body.items.map((section) => section.key)).toEqual(HOME_TAB_SECTIONS.Home.map((ref) => ref.key));
    });
  });

  describe('time zones and settings', () => {
    it('lists US time zones by IANA name, each one the runtime knows', async () => {
      const { status, body } = await get('/timezone');
      expect(status).toBe(200);
      const zones = body.items as unknown as { id: string; label: string }[];
      expect(zones.map((zone) => zone.id)).toEqual(
        expect.arrayContaining(['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Pacific/Honolulu']),
      );
      for (const zone of zones) {
        expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone.id })).not.toThrow();
        expect(zone.label).not.toBe('');
      }
    });

    it('tells the app its defaults, fees and bid increments from the rules', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/setting' });
      expect(response.statusCode).toBe(200);
      const settings = response.json() as Record<string, unknown>;
      expect(settings).toMatchObject({
        currency: 'USD',
        sellerFee: DEFAULT_SELLER_FEE,
        defaultPackageWeightOz: 12,
        defaultMinPackageWeightOz: 12,
        antiSnipeWindowMs: ANTI_SNIPE_WINDOW_MS,
      });
      expect(settings.bidIncrements).toHaveLength(BID_INCREMENT_TABLE.length);
      expect((settings.bidIncrements as unknown[])[1]).toEqual({ from: 1, increment: 0.25 });
    });
  });

  it('documents every public read in the OpenAPI document, without a token requirement', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/docs/json' });
    const paths = (response.json() as { paths: Record<string, { get?: { security?: unknown } }> }).paths;
    const expected = [
      '/v1/category',
      '/v1/category/non-empty',
      '/v1/subCategory',
      '/v1/subCategory/non-empty',
      '/v1/subCategory/grouped-non-empty',
      '/v1/public/listings/{section}',
      '/v1/public/listings/auctions-by-subcategory/{id}',
      '/v1/public/listings/buy-now-by-subcategory/{id}',
      '/v1/public/users/{section}',
      '/v1/public/home-sections',
      '/v1/timezone',
      '/v1/setting',
    ];
    for (const path of expected) {
      expect({ path, get: Boolean(paths[path]?.get) }).toEqual({ path, get: true });
      expect(paths[path]?.get?.security).toBeUndefined();
    }
  });
});
