// The buyer app's public sections (`/public/*`): which listings and sellers each
// section shows and in what order, defined once in the tables below, and the home screen's tabs
// built from them. Every listing section shows only what anybody may see (`PUBLIC_LISTING`: no
// drafts, deleted listings or deleted sellers); every user section only sellers that are not deleted.
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import type { Executor } from '../../platform/db/database.js';
import {
  HOME_TABS,
  type HomeSection,
  type HomeTab,
  type ListingSection,
  type PublicSeller,
  type UserSection,
  USER_SECTION_KEYS,
} from '../../../shared/contract/market/catalogue.js';
import type { MarketListings } from '../../../shared/contract/market/listings.js';
import { listPublicListings, PUBLIC_LISTING, type ListingsOrder } from '../listings/index.js';
import { users as usersTable } from '../../platform/db/schema/index.js';
import { countValue, numericValue, sqlRow } from '../../platform/db/sql-row.js';

export { HOME_TABS, USER_SECTION_KEYS };
export type { HomeSection, HomeTab, ListingSection, UserSection };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a section's rule may depend on: the clock, and the subcategory of the by-subcategory sections. */
export interface SectionContext {
  now: Date;
  subcategoryId?: string;
}

interface ListingSectionRule {
  title: string;
  /** A condition on `l` (the listing) and `u` (its seller). */
  where: (context: SectionContext) => SQL;
  orderBy: (context: SectionContext) => ListingsOrder;
}

/** Order statuses that are not (or no longer) a sale: awaiting payment, declined, cancelled. */
const NOT_A_SALE = sql`('Pending', 'PAYMENT_FAILED', 'cancelled')`;

const ago = (context: SectionContext, ms: number) => new Date(context.now.getTime() - ms);
const ahead = (context: SectionContext, ms: number) => new Date(context.now.getTime() + ms);

/** An auction or giveaway that takes bids or entries now: active and not yet past its end time. */
const running = (type: 'auction' | 'giveaway') => (context: SectionContext) =>
  sql`l.listing_type = ${type} AND l.status = 'active' AND l.end_time > ${context.now}`;
/** A buy-now listing that can be bought now: active with stock left. */
const buyable = sql`l.listing_type = 'default' AND l.status = 'active' AND l.in_stock > 0`;
/**
 * A listing anybody can buy, bid on or enter now (a running auction or giveaway, or a buyable
 * buy-now listing) from a seller that is not deleted: what makes a category "non-empty".
 */
export const onSale = (context: SectionContext): SQL =>
  sql`${PUBLIC_LISTING} AND l.status = 'active'
      AND ((l.listing_type = 'default' AND l.in_stock > 0) OR (l.listing_type <> 'default' AND l.end_time > ${context.now}))`;
const bidsInLast24Hours = (context: SectionContext) =>
  sql`(SELECT count(*) FROM bids b WHERE b.listing_id = l.id AND b.voided_at IS NULL AND b.created_at > ${ago(context, DAY_MS)})`;
const lastSaleSince = (since: Date) =>
  sql`(SELECT max(o.created_at) FROM orders o
       WHERE o.listing_id = l.id AND o.deleted_at IS NULL AND o.status NOT IN ${NOT_A_SALE} AND o.created_at >= ${since})`;
/** The UTC day of `now`: the random sample's seed, so its pages agree with each other all day. */
export const randomSeedOf = (now: Date): string => now.toISOString().slice(0, 10);
const endingFirst: ListingsOrder = { by: sql`l.end_time`, direction: 'ASC', then: sql`l.id ASC` };
const newestFirst: ListingsOrder = { by: sql`l.created_at`, then: sql`l.id DESC` };

export const LISTING_SECTIONS = {
  /** Listings an admin featured that can still be bought, bid on or entered; newest first. */
  featured: {
    title: 'Featured',
    where: (context) => sql`l.featured AND ${onSale(context)}`,
    orderBy: () => newestFirst,
  },
  /** Giveaways open for entries; the one closing first first. */
  giveaway: { title: 'Giveaways', where: running('giveaway'), orderBy: () => endingFirst },
  /** Running auctions whose starting bid is $1.00 or less; ending first first. */
  'starting-bid-one-dollar': {
    title: 'Starting at $1',
    where: (context) => sql`${running('auction')(context)} AND l.starting_bid_cents <= 100`,
    orderBy: () => endingFirst,
  },
  /** Running auctions with at least one bid in the last 24 hours; most such bids first, then ending first. */
  'most-bids-last-24-hours': {
    title: 'Most bids in the last 24 hours',
    where: (context) => sql`${running('auction')(context)} AND ${bidsInLast24Hours(context)} > 0`,
    orderBy: (context) => ({ by: bidsInLast24Hours(context), then: sql`l.end_time ASC, l.id ASC` }),
  },
  /** Buyable buy-now listings priced over $100.00; newest first. */
  'most-recent-buy-now-price-over-100': {
    title: 'Just listed: over $100',
    where: () => sql`${buyable} AND l.price_cents > 10000`,
    orderBy: () => newestFirst,
  },
  /** Auctions and buy-now listings with a paid order in the last 7 days (rolling); latest sale first. */
  'sold-listings-this-week': {
    title: 'Sold this week',
    where: (context) => sql`l.listing_type <> 'giveaway' AND ${lastSaleSince(ago(context, 7 * DAY_MS))} IS NOT NULL`,
    orderBy: (context) => ({ by: lastSaleSince(ago(context, 7 * DAY_MS)), then: sql`l.id DESC` }),
  },
  /** Running auctions ending within the next 24 hours; ending first first. */
  'auctions-ending-soon': {
    title: 'Ending soon',
    where: (context) => sql`${running('auction')(context)} AND l.end_time <= ${ahead(context, DAY_MS)}`,
    orderBy: () => endingFirst,
  },
  /**
   * Buyable buy-now listings in a shuffled order: md5 of the id and the UTC day, so the order
   * (and so every page) is the same all day for everybody and changes at midnight UTC.
   */
  'random-buy-now-listings': {
    title: 'Discover',
    where: () => buyable,
    orderBy: (context) => ({
      by: sql`md5(l.id || ${randomSeedOf(context.now)}::text)`,
      direction: 'ASC',
      then: sql`l.id`,
    }),
  },
  /** Giveaways drawn or past their end time; the latest ended first. */
  'ended-giveaways': {
    title: 'Ended giveaways',
    where: (context) =>
      sql`l.listing_type = 'giveaway' AND (l.status IN ('sold', 'auction_ended') OR (l.status = 'active' AND l.end_time <= ${context.now}))`,
    orderBy: () => ({ by: sql`l.end_time`, then: sql`l.id DESC` }),
  },
  /** Running auctions of one subcategory; ending first first. */
  'auctions-by-subcategory': {
    title: 'Auctions',
    where: (context) => sql`${running('auction')(context)} AND l.subcategory_id = ${context.subcategoryId ?? null}`,
    orderBy: () => endingFirst,
  },
  /** Buyable buy-now listings of one subcategory; newest first. */
  'buy-now-by-subcategory': {
    title: 'Buy now',
    where: (context) => sql`${buyable} AND l.subcategory_id = ${context.subcategoryId ?? null}`,
    orderBy: () => newestFirst,
  },
} satisfies Record<ListingSection, ListingSectionRule>;
export const SUBCATEGORY_SECTIONS = ['auctions-by-subcategory', 'buy-now-by-subcategory'] as const;
/** The sections at `/public/listings/{section}` (the by-subcategory ones take an id). */
export const PLAIN_LISTING_SECTIONS = (Object.keys(LISTING_SECTIONS) as ListingSection[]).filter(
  (section) => !(SUBCATEGORY_SECTIONS as readonly string[]).includes(section),
) as [ListingSection, ...ListingSection[]];

export function sectionListings(
  db: Executor,
  section: ListingSection,
  context: SectionContext,
  page: number,
  limit: number,
): Promise<MarketListings> {
  const rule: ListingSectionRule = LISTING_SECTIONS[section];
  return listPublicListings(db, rule.where(context), rule.orderBy(context), page, limit);
}

// ── Sellers ──

interface UserSectionRule {
  title: string;
  /** A condition on `u`, a seller that is not deleted. */
  where: (context: SectionContext) => SQL;
  /** The order: by this, highest first, then by the id (highest first). */
  sortKey: (context: SectionContext) => SQL;
}

const salesInLast7Days = (context: SectionContext) =>
  sql`(SELECT count(*) FROM orders o WHERE o.seller_id = u.id AND o.deleted_at IS NULL
       AND o.status NOT IN ${NOT_A_SALE} AND o.created_at >= ${ago(context, 7 * DAY_MS)})`;

export const USER_SECTIONS = {
  /** Sellers an admin featured who can be paid (a payout account); newest account first. */
  'featured-sellers': {
    title: 'Featured sellers',
    where: () => sql`u.featured AND u.stripe_user_id IS NOT NULL`,
    sortKey: () => sql`u.created_at`,
  },
  /** Sellers with at least one paid order in the last 7 days; most such orders first. */
  'trending-sellers': {
    title: 'Trending sellers',
    where: (context) => sql`${salesInLast7Days(context)} > 0`,
    sortKey: (context) => salesInLast7Days(context),
  },
  /**
   * The newest sellers. No column records when selling was enabled, so this is by account
   * creation (the newest account first).
   */
  'new-sellers': {
    title: 'New sellers',
    where: () => sql`TRUE`,
    sortKey: () => sql`u.created_at`,
  },
} satisfies Record<UserSection, UserSectionRule>;

const PUBLIC_USER_ROW = sqlRow(usersTable, 'id', 'user_name', 'avatar').extend({
  /** avg(rate) and count(*) over the user's ratings. */
  avg_rate: numericValue.nullable(),
  total_ratings: countValue,
});
type PublicUserRow = z.output<typeof PUBLIC_USER_ROW>;

const publicUserOf = (row: PublicUserRow): PublicSeller => ({
  id: row.id,
  userName: row.user_name,
  avatar: row.avatar,
  avgRate: row.avg_rate === null ? null : Number(Number(row.avg_rate).toFixed(2)),
  totalRatings: Number(row.total_ratings),
});

/** One user section as a list: its sellers in its order, each with their ratings. */
const sellersOf = (
  rule: UserSectionRule,
  context: SectionContext,
): AdminList<ListQueryBase, PublicUserRow, PublicSeller> => ({
  table: 'users',
  alias: 'u',
  condition: sql`u.deleted_at IS NULL AND u.seller_enabled AND (${rule.where(context)})`,
  sortKeys: { section: { column: rule.sortKey(context) } },
  defaultSort: 'section',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT u.id, u.user_name, u.avatar, r.avg_rate, r.total_ratings
          FROM users u
          CROSS JOIN LATERAL (SELECT avg(rate) AS avg_rate, count(*) AS total_ratings FROM ratings
                               WHERE seller_id = u.id AND deleted_at IS NULL) r
         ${rows} ${tail}`,
  row: PUBLIC_USER_ROW,
  items: (_db, rows) => rows.map(publicUserOf),
});

export async function sectionUsers(
  db: Executor,
  section: UserSection,
  context: SectionContext,
  page: number,
  limit: number,
): Promise<{ count: number; items: PublicSeller[] }> {
  return marketListPage(db, sellersOf(USER_SECTIONS[section], context), { page, limit });
}

// ── Home screen ──

type HomeSectionRef = { type: 'listings'; key: ListingSection } | { type: 'users'; key: UserSection };
const listings = (key: ListingSection): HomeSectionRef => ({ type: 'listings', key });
const users = (key: UserSection): HomeSectionRef => ({ type: 'users', key });

/** The sections each tab of the home screen shows, top to bottom. */
export const HOME_TAB_SECTIONS: Record<HomeTab, readonly HomeSectionRef[]> = {
  Home: [
    listings('featured'),
    listings('auctions-ending-soon'),
    users('featured-sellers'),
    listings('most-recent-buy-now-price-over-100'),
    listings('giveaway'),
    listings('sold-listings-this-week'),
  ],
  Auctions: [
    listings('auctions-ending-soon'),
    listings('most-bids-last-24-hours'),
    listings('starting-bid-one-dollar'),
  ],
  'Buy Now': [
    listings('random-buy-now-listings'),
    listings('most-recent-buy-now-price-over-100'),
    listings('sold-listings-this-week'),
  ],
  Sellers: [users('featured-sellers'), users('trending-sellers'), users('new-sellers')],
};
/** Items per home section: the first page of the section. */
export const HOME_SECTION_ITEMS = 10;

/**
 * The tab's sections in order, each with its first items; an empty section is kept (items []).
 * One section after the other, so a home screen holds one pooled connection at a time.
 */
export async function homeSections(db: Executor, tab: HomeTab, context: SectionContext): Promise<HomeSection[]> {
  const sections: HomeSection[] = [];
  for (const ref of HOME_TAB_SECTIONS[tab]) {
    if (ref.type === 'listings') {
      const { items } = await sectionListings(db, ref.key, context, 1, HOME_SECTION_ITEMS);
      sections.push({ type: 'listings', key: ref.key, title: LISTING_SECTIONS[ref.key].title, items });
    } else {
      const { items } = await sectionUsers(db, ref.key, context, 1, HOME_SECTION_ITEMS);
      sections.push({ type: 'users', key: ref.key, title: USER_SECTIONS[ref.key].title, items });
    }
  }
  return sections;
}
