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
    .union([z.string().max(20).regex(/^\d+$/, 'must be a whole number'), z.number().int()])
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
  r.get(
    '/category',
    { schema: { ...categories, description: 'Every category of the marketplace, with its subcategories.' } },
    async () => listCategories(db),
  );
  r.get(
    '/category/non-empty',
    { schema: { ...categories, description: 'The categories that have at least one active listing.' } },
    async () => listCategories(db, { nonEmpty: context() }),
  );
  r.get(
    '/subCategory',
    {
      schema: {
        description: 'The subcategories, optionally of one category.',
        ...subcategories,
        querystring: z.strictObject({ categoryId: id.optional() }),
      },
    },
    async (request) => listSubcategories(db, { categoryId: request.query.categoryId }),
  );
  r.get(
    '/subCategory/non-empty',
    {
      schema: {
        description: 'The subcategories that have at least one active listing, optionally of one category.',
        ...subcategories,
        querystring: z.strictObject({ categoryId: id.optional() }),
      },
    },
    async (request) => listSubcategories(db, { categoryId: request.query.categoryId, nonEmpty: context() }),
  );
  r.get(
    '/subCategory/grouped-non-empty',
    { schema: { ...categories, description: 'The categories with only their non-empty subcategories.' } },
    async () => listCategories(db, { nonEmpty: context(), onlyNonEmptySubcategories: true }),
  );

  // ── Public sections ──
  r.get(
    '/public/listings/auctions-by-subcategory/:id',
    {
      schema: {
        description: 'One page of the live auctions of a subcategory.',
        ...publicListings,
        params: z.object({ id }),
        querystring: PublicPaging,
      },
    },
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
    {
      schema: {
        description: 'One page of the buy-now listings of a subcategory.',
        ...publicListings,
        params: z.object({ id }),
        querystring: PublicPaging,
      },
    },
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
        description: 'One page of a home section’s listings (featured, giveaways, ending soon, …).',
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
        description: 'One page of a home section’s sellers (featured, trending, new).',
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
        description: 'The home screen’s sections of a tab, each with its first listings or sellers.',
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
  r.get(
    '/timezone',
    {
      schema: {
        description: 'The time zones a seller may schedule an auction’s end in.',
        tags: ['settings'],
        response: { 200: TimeZones },
      },
    },
    async () => timeZones(),
  );
  r.get(
    '/setting',
    {
      schema: {
        description:
          'The app’s settings: currency, bid increments, auction durations, anti-sniping window and shipping defaults.',
        tags: ['settings'],
        response: { 200: AppSettings },
      },
    },
    async () => appSettings(),
  );
}
