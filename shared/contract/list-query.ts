// The list query every admin table sends (ARCHITECTURE.md, "Lists"), with the sortable keys of
// each table. Query strings arrive as text, so page and limit are coerced here; bodies never are.
import { z } from 'zod';
import { SORT_ORDERS } from './enums.js';
import { singleLineText } from './text.js';

export const MAX_LIST_LIMIT = 100;
export const DEFAULT_LIST_LIMIT = 10;
/**
 * A filtered admin list (the audit log by admin or action…) counts its matches exactly up to this
 * many; past it the answer is `count: LIST_COUNT_CAP, countCapped: true` and the app shows
 * "1,000+". (It was 10,000: a hundred pages of ten are more than a moderator reads.) Its filters
 * go through their own indexes, and nobody types them a letter at a time.
 */
export const LIST_COUNT_CAP = 1_000;
/**
 * A SEARCHED admin list counts its matches exactly up to this many, then answers `count:
 * LIST_SEARCH_COUNT_CAP, countCapped: true` ("100+"). A type-ahead's terms are short and common,
 * and proving a common term has 1,001 matches costs what the page never does: at a million users
 * the count of "ruby" on sold listings tested 7,100 rows (18.8 ms, the page 0.6 ms) and "deal" on
 * auction messages built all 54,000 trigram matches (21.6 ms), 4–7× a user lookup. Ten pages of
 * matches are enough to tell a moderator to type more; the pages past them stay reachable.
 *
 * A term neither rare nor common (in 0.25–2.5% of the rows: "mia.novak" names 6,500 of a million
 * users) is counted over the list's first few thousand rows only, since its hundredth match is
 * 15,000 rows in: `countCapped: true` with `count` the matches found there, at least the rows up to
 * the page's last ("37+"). So `countCapped` always means "at least `count`", and `count` is exact
 * whenever it is absent.
 */
export const LIST_SEARCH_COUNT_CAP = 100;

/** The keys each admin table may be sorted by; anything else is a 400. */
export const SORT_KEYS = {
  users: ['userName', 'email', 'createdAt', 'sellerLevel'],
  activeListings: ['title', 'description', 'createdAt', 'listingType', 'inStock', 'startingBid'],
  soldListings: ['price', 'shippingPrice', 'createdAt', 'status'],
  subcategories: ['minPackageWeightInOz'],
  ratings: ['createdAt', 'rate', 'experience', 'orderId'],
  // The spec names no sortable column for the moderation tables: they sort by time only.
  auctionMessages: ['createdAt'],
  chats: ['updatedAt', 'createdAt'],
  chatMessages: ['createdAt'],
  auditLog: ['createdAt'],
} as const satisfies Record<string, readonly [string, ...string[]]>;
export type ListName = keyof typeof SORT_KEYS;
export type SortKey<L extends ListName> = (typeof SORT_KEYS)[L][number];

/** A whole number in a query string (or already parsed), within bounds, with a default. */
export const intFromQuery = (min: number, max: number, fallback: number) =>
  z
    .union([z.string().max(20).regex(/^\d+$/, 'must be a whole number'), z.number().int()])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

/** The list query of one table: `page`, `limit` ≤ 100, `sortBy` from its keys, `order`, `search`. */
export function listQuery<L extends ListName>(list: L) {
  const keys: readonly [SortKey<L>, ...SortKey<L>[]] = SORT_KEYS[list];
  return z.strictObject({
    page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
    limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
    sortBy: z.enum(keys).optional(),
    order: z.enum(SORT_ORDERS).optional(),
    search: singleLineText().max(200).optional(),
  });
}
export type ListQuery<L extends ListName> = z.output<ReturnType<typeof listQuery<L>>>;
/** What a caller passes: every field optional. */
export type ListQueryInput<L extends ListName> = z.input<ReturnType<typeof listQuery<L>>>;
/**
 * A list query as the app sends it for one table: its page, its size, its search and a sort key
 * among `K` (a list's own keys, or a review queue's).
 */
export type ListPageQuery<K extends string> = Omit<ListQuery<ListName>, 'sortBy'> & { sortBy?: K };

/**
 * A filter of one value, a comma-separated list (the review queue's `status=open,claimed`, the
 * blocks' `kind=phone,ipRange`) or the key repeated; parsed again after a first parse (the desktop's main process checks, then sends).
 * As text, at most every value once, each after a comma and a space; as a list, each item at
 * most the longest value.
 */
export function oneOrMore<T extends readonly [string, ...string[]]>(values: T) {
  const longest = Math.max(...values.map((value) => value.length));
  return z
    .union([z.string().max(values.join(', ').length), z.array(z.string().max(longest)).max(values.length)])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));
}
