// What the seeder's topics share while they stream their rows: the seed, "now", the sink, ids
// computed from an index, and compact per-user and per-listing facts (typed arrays, a few bytes a
// row) that later topics draw from: who sells, who buys, what a listing costs, which words a
// user's name and a listing's title were made of.
import { indexedUuid, seededRandom, type Random } from './seed-random.js';
import type { SeedSink } from './seed-sink.js';

export const DAY = 86_400_000;

/** Each table's id kind (see `indexedUuid`) and the offset of its own random stream. */
export const KIND = {
  category: 1,
  subcategory: 2,
  user: 3,
  address: 4,
  sellerRequest: 5,
  listing: 6,
  bid: 7,
  auctionMessage: 8,
  giveawayEntry: 9,
  order: 10,
  transaction: 11,
  rating: 12,
  chat: 13,
  chatMessage: 14,
  notification: 15,
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

export interface SeedContext {
  seed: number;
  now: number;
  users: number;
  sink: SeedSink;
  /** A random stream of its own for each topic, so one topic's draws never shift another's. */
  randomFor(topic: number): Random;
  /** The next id of a kind: its rows are numbered in the order they are written. */
  nextId(kind: Kind): string;
  idOf(kind: Kind, index: number): string;
  subcategoryIds: string[];
  /**
   * Per user: the FIRST and LAST words their user name and email are made of (`userName`,
   * `userEmail` in seed-people.ts), so a row that names a user names them without a string kept
   * per user.
   */
  userFirst: Uint8Array;
  userLast: Uint8Array;
  /** Per user: an enabled seller. */
  sellerEnabled: Uint8Array;
  /** Per user: seller fee in percent. */
  sellerFee: Uint8Array;
  /** Indices of enabled sellers and of buyers. */
  sellers: Int32Array;
  buyers: Int32Array;
  /** Per listing (in id order): its seller's index, what an order of it costs, its shipping. */
  listingSeller: Int32Array;
  listingPriceCents: Float64Array;
  listingShippingCents: Int32Array;
  /** Per listing: the ADJECTIVES and THINGS words of its title (`listingTitle` in seed-listings.ts). */
  listingAdjective: Uint8Array;
  listingThing: Uint8Array;
  listingCount: number;
  /** Per user: cents spent as a buyer and received as a seller, written to `users` at the end. */
  spentCents: Float64Array;
  soldCents: Float64Array;
}

export function seedContext(seed: number, now: number, users: number, sink: SeedSink): SeedContext {
  const counters = new Map<Kind, number>();
  return {
    seed,
    now,
    users,
    sink,
    randomFor: (topic) => seededRandom((seed * 7919 + topic * 104_729) >>> 0),
    nextId(kind) {
      const index = counters.get(kind) ?? 0;
      counters.set(kind, index + 1);
      return indexedUuid(seed, kind, index);
    },
    idOf: (kind, index) => indexedUuid(seed, kind, index),
    subcategoryIds: [],
    userFirst: new Uint8Array(users),
    userLast: new Uint8Array(users),
    sellerEnabled: new Uint8Array(users),
    sellerFee: new Uint8Array(users),
    sellers: new Int32Array(0),
    buyers: new Int32Array(0),
    // At most six listings per seller, and never more sellers than users.
    listingSeller: new Int32Array(0),
    listingPriceCents: new Float64Array(0),
    listingShippingCents: new Int32Array(0),
    listingAdjective: new Uint8Array(0),
    listingThing: new Uint8Array(0),
    listingCount: 0,
    spentCents: new Float64Array(users),
    soldCents: new Float64Array(users),
  };
}

/** Times relative to now, drawn from `random`. */
export function timesOf(random: Random, now: number) {
  const before = (maxDays: number) => new Date(now - random.int(60_000, maxDays * DAY));
  return {
    before,
    /** About one row in twelve is fresh, so the 24-hour statistics always have something. */
    recentOr: (maxDays: number) =>
      random.chance(1 / 12) ? new Date(now - random.int(60_000, DAY - 60_000)) : before(maxDays),
  };
}

export const money = (random: Random, min: number, max: number) =>
  random.int(min, max) * 100 + random.pick([0, 0, 50, 99]);

/**
 * The names a row keeps for its search (`search_names`, migrations 0075–0077 and 0084), as the
 * triggers make them: `lower(concat_ws(E'\x1F', …))` of the users' names and the listing's title.
 * A bulk load sets the triggers aside, and the seeder writes the column in each row it loads:
 * filled afterwards, three UPDATEs over the whole tables rewrote orders, ratings, auction messages
 * and chats (71 s of an 888 s seed at a million users). No part is ever null in the seed (a row
 * names only users and listings the seed wrote, every user with a user name and an email, every
 * listing with a title), so concat_ws skips nothing here; and every seed word is ASCII, which
 * `toLowerCase` and PostgreSQL's `lower` lower alike.
 */
export const searchNames = (...parts: string[]): string => parts.join('\x1F').toLowerCase();
