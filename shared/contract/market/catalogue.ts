// The buyer/seller API's catalogue area: categories and subcategories, the public listing and
// seller sections, the home screen's tabs, time zones and the app's settings (what
// server/modules/catalogue answers). The section keys live here so the answers can name them;
// each section's rule (which rows, in what order) stays in server/modules/catalogue/public-sections.ts.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedUrl } from '../answer-limits.js';
import { id, isoDate, listResponse, Subcategory, usd } from '../entities.js';
import { HOME_TABS, MASS_UNITS, SHIPPING_TYPES } from '../enums.js';
import { MarketListing } from './listings.js';

const count = z.number().int().nonnegative();

// ── Section keys ──

/** The public listing sections, in the order the document lists them. */
export const LISTING_SECTION_KEYS = [
  'featured',
  'giveaway',
  'starting-bid-one-dollar',
  'most-bids-last-24-hours',
  'most-recent-buy-now-price-over-100',
  'sold-listings-this-week',
  'auctions-ending-soon',
  'random-buy-now-listings',
  'ended-giveaways',
  'auctions-by-subcategory',
  'buy-now-by-subcategory',
] as const;
export type ListingSection = (typeof LISTING_SECTION_KEYS)[number];
export const USER_SECTION_KEYS = ['featured-sellers', 'trending-sellers', 'new-sellers'] as const;
export type UserSection = (typeof USER_SECTION_KEYS)[number];
export { HOME_TABS };
export type HomeTab = (typeof HOME_TABS)[number];

// ── Catalogue ──

export const CatalogueSubcategory = Subcategory.extend({
  categoryId: id,
  isActive: z.boolean(),
  sort: z.number().int(),
  image: storedUrl().nullable(),
  createdAt: isoDate,
});
export type CatalogueSubcategory = z.output<typeof CatalogueSubcategory>;
export const CatalogueSubcategories = listResponse(CatalogueSubcategory);
export type CatalogueSubcategories = z.output<typeof CatalogueSubcategories>;
export const CatalogueCategories = listResponse(
  z.object({
    id,
    title: storedLine(),
    isActive: z.boolean(),
    sort: z.number().int(),
    image: storedUrl().nullable(),
    createdAt: isoDate,
    subcategories: z.array(CatalogueSubcategory).max(ANSWER_ITEMS_MAX),
  }),
);
export type CatalogueCategories = z.output<typeof CatalogueCategories>;

// ── Public sections ──

/** A seller as anybody may see them: no email, no payment or account details. */
export const PublicSeller = z.object({
  id,
  userName: storedLine().nullable(),
  avatar: storedUrl().nullable(),
  avgRate: z.number().nullable(),
  totalRatings: count,
});
export type PublicSeller = z.output<typeof PublicSeller>;
export const PublicSellers = listResponse(PublicSeller);

export const HomeSection = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('listings'),
    key: z.enum(LISTING_SECTION_KEYS),
    title: storedLine(),
    items: z.array(MarketListing).max(ANSWER_ITEMS_MAX),
  }),
  z.object({
    type: z.literal('users'),
    key: z.enum(USER_SECTION_KEYS),
    title: storedLine(),
    items: z.array(PublicSeller).max(ANSWER_ITEMS_MAX),
  }),
]);
export type HomeSection = z.output<typeof HomeSection>;
export const HomeSections = z.object({
  tab: z.enum(HOME_TABS),
  count,
  items: z.array(HomeSection).max(ANSWER_ITEMS_MAX),
});

// ── Time zones and settings ──

export const TimeZones = listResponse(z.object({ id: storedLine(), label: storedLine() }));
export type TimeZones = z.output<typeof TimeZones>;

export const AppSettings = z.object({
  currency: z.literal('USD'),
  /** Percent of the sale price. */
  sellerFee: z.number().int().min(0).max(100),
  defaultPackageWeightOz: z.number().positive(),
  defaultMinPackageWeightOz: z.number().positive(),
  defaultMassUnit: z.enum(MASS_UNITS),
  defaultShippingType: z.enum(SHIPPING_TYPES),
  defaultInStock: count,
  defaultCustomAuctionEndTime: z.object({
    hour: z.number().int().min(1).max(12),
    minute: z.number().int().min(0).max(59),
    format: z.enum(['AM', 'PM']),
  }),
  defaultAuctionDurationMs: count,
  antiSnipeWindowMs: count,
  /** From each band's price up to the next band's, bids go up by `increment`. */
  bidIncrements: z.array(z.object({ from: usd, increment: usd })).max(ANSWER_ITEMS_MAX),
});
export type AppSettings = z.output<typeof AppSettings>;
