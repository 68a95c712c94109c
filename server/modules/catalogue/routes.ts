// The buyer app's public reads: the catalogue, the public listing and seller
// sections, the home screen's tabs, time zones and settings. No token; nothing private.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../shared/contract/entities.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../../shared/contract/list-query.js';
import { appSettings, timeZones } from './app-settings.js';
import { listCategories, listSubcategories } from './catalogue.js';
import { nowOf, type ServiceDeps } from '../../platform/services/service-deps.js';
import {
  HOME_TABS,
  homeSections,
  PLAIN_LISTING_SECTIONS,
  sectionListings,
  type SectionContext,
  sectionUsers,
  USER_SECTION_KEYS,
} from './public-sections.js';
import {
  AppSettings,
  CatalogueCategories,
  CatalogueSubcategories,
  HomeSections,
  PublicSellers,
  TimeZones,
} from '../../../shared/contract/market/catalogue.js';
import { MarketListings } from '../../../shared/contract/market/listings.js';

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .union([z.string().regex(/^\d+$/, 'must be a whole number'), z.number().int()])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);
/** page ≥ 1, 1 ≤ limit ≤ 100, nothing else: a bad or unknown query parameter is a 400. */
const PublicPaging = z.strictObject({
  page: wholeNumber(1, Number.MAX_SAFE_INTEGER, 1),
  limit: wholeNumber(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
});

export async function publicMarketRoutes(app: FastifyInstance, deps: ServiceDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const context = (extra: Partial<SectionContext> = {}): SectionContext => ({ now: new Date(nowOf(deps)), ...extra });
  const catalogue = { tags: ['catalogue'] };
  const categories = { ...catalogue, response: { 200: CatalogueCategories } };
  const subcategories = { ...catalogue, response: { 200: CatalogueSubcategories } };
  const publicListings = { tags: ['public'], response: { 200: MarketListings } };

  // ── Catalogue ──
  r.get('/category', { schema: categories }, async () => listCategories(db));
  r.get('/category/non-empty', { schema: categories }, async () => listCategories(db, { nonEmpty: context() }));
  r.get(
    '/subCategory',
    { schema: { ...subcategories, querystring: z.strictObject({ categoryId: id.optional() }) } },
    async (request) => listSubcategories(db, { categoryId: request.query.categoryId }),
  );
  r.get(
    '/subCategory/non-empty',
    { schema: { ...subcategories, querystring: z.strictObject({ categoryId: id.optional() }) } },
    async (request) => listSubcategories(db, { categoryId: request.query.categoryId, nonEmpty: context() }),
  );
  r.get('/subCategory/grouped-non-empty', { schema: categories }, async () =>
    listCategories(db, { nonEmpty: context(), onlyNonEmptySubcategories: true }),
  );

  // ── Public sections ──
  r.get(
    '/public/listings/auctions-by-subcategory/:id',
    { schema: { ...publicListings, params: z.object({ id }), querystring: PublicPaging } },
    async (request) =>
      sectionListings(
        db,
        'auctions-by-subcategory',
        context({ subcategoryId: request.params.id }),
        request.query.page,
        request.query.limit,
      ),
  );
  r.get(
    '/public/listings/buy-now-by-subcategory/:id',
    { schema: { ...publicListings, params: z.object({ id }), querystring: PublicPaging } },
    async (request) =>
      sectionListings(
        db,
        'buy-now-by-subcategory',
        context({ subcategoryId: request.params.id }),
        request.query.page,
        request.query.limit,
      ),
  );
  r.get(
    '/public/listings/:section',
    {
      schema: {
        ...publicListings,
        params: z.object({ section: z.enum(PLAIN_LISTING_SECTIONS) }),
        querystring: PublicPaging,
      },
    },
    async (request) => sectionListings(db, request.params.section, context(), request.query.page, request.query.limit),
  );
  r.get(
    '/public/users/:section',
    {
      schema: {
        tags: ['public'],
        params: z.object({ section: z.enum(USER_SECTION_KEYS) }),
        querystring: PublicPaging,
        response: { 200: PublicSellers },
      },
    },
    async (request) => sectionUsers(db, request.params.section, context(), request.query.page, request.query.limit),
  );
  r.get(
    '/public/home-sections',
    {
      schema: {
        tags: ['public'],
        querystring: z.strictObject({ tab: z.enum(HOME_TABS).default('Home') }),
        response: { 200: HomeSections },
      },
    },
    async (request) => {
      const items = await homeSections(db, request.query.tab, context());
      return { tab: request.query.tab, count: items.length, items };
    },
  );

  // ── Time zones and settings ──
  r.get('/timezone', { schema: { tags: ['settings'], response: { 200: TimeZones } } }, async () => timeZones());
  r.get('/setting', { schema: { tags: ['settings'], response: { 200: AppSettings } } }, async () => appSettings());
}
