// The seeder's listings, streamed seller by seller, each with its auction's bids (through the
// bid engine's own proxy rule) or its giveaway's entries, and the auction feed beside them. What
// an order needs of a listing (seller, price, shipping, the words of its title) stays behind in
// typed arrays.
import { usdToCents } from '../../shared/rules/money.js';
import { placeBid, type AuctionState } from '../modules/auctions/index.js';
import { ADJECTIVES, AUCTION_LINES, DESCRIPTION_ENDINGS, THINGS } from './seed-words.js';
import { DAY, KIND, money, searchNames, timesOf, type SeedContext } from './seed-context.js';
import { userEmail, userName } from './seed-people.js';
import type { SeedTable, SeedValue } from './seed-sink.js';

const LISTING_TABLE: SeedTable = {
  name: 'listings',
  columns: [
    'id',
    'user_id',
    'subcategory_id',
    'title',
    'description',
    'listing_type',
    'status',
    'in_stock',
    'price_cents',
    'starting_bid_cents',
    'bid_cents',
    'featured',
    'end_time',
    'video',
    'shipping_price_cents',
    'mass_unit',
    'weight',
    'width',
    'height',
    'length',
    'created_at',
    'leader_id',
    'leader_max_cents',
    'bid_count',
  ],
};
const BID_TABLE: SeedTable = {
  name: 'bids',
  columns: ['id', 'listing_id', 'user_id', 'amount_cents', 'max_bid_cents', 'created_at'],
};
const GIVEAWAY_ENTRY_TABLE: SeedTable = {
  name: 'giveaway_entries',
  columns: ['id', 'listing_id', 'user_id', 'created_at'],
};
const AUCTION_MESSAGE_TABLE: SeedTable = {
  name: 'auction_messages',
  columns: ['id', 'listing_id', 'user_id', 'type', 'amount_cents', 'text', 'created_at', 'search_names'],
};

type Row = { table: SeedTable; values: SeedValue[] };

/**
 * A listing's title, from the words drawn for it (`seedListings`): its listings row and every row
 * that keeps its title for its search are written by this.
 */
export const listingTitle = (context: SeedContext, listing: number): string =>
  `${ADJECTIVES[context.listingAdjective[listing]!]!} ${THINGS[context.listingThing[listing]!]!}`;

export async function seedListings(context: SeedContext): Promise<void> {
  const random = context.randomFor(KIND.listing);
  const { recentOr } = timesOf(random, context.now);
  const { now } = context;
  const most = context.sellers.length * 6;
  context.listingSeller = new Int32Array(most);
  context.listingPriceCents = new Float64Array(most);
  context.listingShippingCents = new Int32Array(most);
  context.listingAdjective = new Uint8Array(most);
  context.listingThing = new Uint8Array(most);

  for (const sellerIndex of context.sellers) {
    const sellerId = context.idOf(KIND.user, sellerIndex);
    for (let n = random.int(1, 6); n > 0; n--) {
      const listingType = random.pick(['default', 'default', 'auction', 'auction', 'giveaway'] as const);
      const createdAt = recentOr(120);
      const startingBidCents = listingType === 'auction' ? money(random, 1, 80) : null;
      const index = context.listingCount++;
      const id = context.nextId(KIND.listing);
      const subcategoryId = random.pick(context.subcategoryIds);
      // The draws `pick` would make, kept as indexes: the title is rebuilt from them wherever a
      // row names this listing.
      context.listingAdjective[index] = random.int(0, ADJECTIVES.length - 1);
      context.listingThing[index] = random.int(0, THINGS.length - 1);
      const description = `${random.pick(ADJECTIVES)} condition. ${random.pick(DESCRIPTION_ENDINGS)}`;
      const status = random.pick(['active', 'active', 'active', 'sold', 'auction_ended'] as const);
      const inStock = listingType === 'default' ? random.int(0, 20) : 1;
      const priceCents = listingType === 'default' ? money(random, 5, 300) : null;
      const featured = listingType === 'auction' && random.chance(0.1);
      let endTime = listingType === 'default' ? null : new Date(createdAt.getTime() + random.int(1, 14) * DAY);
      const video = random.chance(0.2) ? `https://videos.example.test/${random.uuid()}.mp4` : null;
      const shippingPriceCents = random.pick([0, 499, 799]);
      const parcel = [
        random.pick(['oz', 'oz', 'lbs']),
        random.int(1, 40),
        random.int(2, 20),
        random.int(1, 12),
        random.int(2, 24),
      ];
      // Timed listings run 1–14 days: an active one ends that long from now (the demo's auctions
      // are still running when the stack starts), an ended or sold one ended before now.
      if (endTime) {
        const runsFor = endTime.getTime() - createdAt.getTime();
        if (status === 'active' && endTime.getTime() <= now) endTime = new Date(now + runsFor);
        if (status !== 'active' && endTime.getTime() >= now) endTime = new Date(now - 30_000);
      }

      const children: Row[] = [];
      let state: AuctionState | null = null;
      if (listingType === 'auction')
        state = auctionBids(context, random, children, index, sellerId, startingBidCents, endTime, createdAt);
      if (listingType === 'giveaway') {
        const entrants = new Set<number>();
        for (let i = random.int(0, 6); i > 0; i--) entrants.add(random.pick(context.buyers));
        for (const entrant of entrants) {
          const at = recentOr(60);
          const userId = context.idOf(KIND.user, entrant);
          children.push({ table: GIVEAWAY_ENTRY_TABLE, values: [context.nextId(KIND.giveawayEntry), id, userId, at] });
          children.push(feed(context, index, entrant, 'giveawayEntry', null, null, at));
        }
        const winner = [...entrants][0];
        if (winner !== undefined && status !== 'active')
          children.push(feed(context, index, winner, 'giveawayWinner', null, null, recentOr(30)));
      }
      if (listingType !== 'default' && random.chance(0.5)) {
        children.push(
          feed(context, index, random.pick(context.buyers), 'text', null, random.pick(AUCTION_LINES), recentOr(60)),
        );
      }

      const bidCents = state?.currentBidCents ?? null;
      const leader = state?.leader ?? null;
      await context.sink.row(LISTING_TABLE, [
        id,
        sellerId,
        subcategoryId,
        listingTitle(context, index),
        description,
        listingType,
        status,
        inStock,
        priceCents,
        startingBidCents,
        bidCents,
        featured,
        endTime,
        video,
        shippingPriceCents,
        ...parcel,
        createdAt,
        leader?.bidderId ?? null,
        leader?.maxCents ?? null,
        leader ? state!.bidCount : 0,
      ]);
      for (const child of children) await context.sink.row(child.table, child.values);
      context.listingSeller[index] = sellerIndex;
      context.listingPriceCents[index] = priceCents ?? bidCents ?? startingBidCents ?? 0;
      context.listingShippingCents[index] = shippingPriceCents;
    }
  }
}

/** A line of `listing`'s auction feed by the user `author`, with the names it keeps for its search. */
function feed(
  context: SeedContext,
  listing: number,
  author: number,
  type: string,
  amountCents: number | null,
  text: string | null,
  at: Date,
): Row {
  return {
    table: AUCTION_MESSAGE_TABLE,
    values: [
      context.nextId(KIND.auctionMessage),
      context.idOf(KIND.listing, listing),
      context.idOf(KIND.user, author),
      type,
      amountCents,
      text,
      at,
      searchNames(userName(context, author), userEmail(context, author), listingTitle(context, listing)),
    ],
  };
}

/**
 * An auction's bids, through the engine's proxy rule, so its price, leader and hidden maximum
 * are what live bidding would have left (a bid the rule refuses is left out).
 */
function auctionBids(
  context: SeedContext,
  random: ReturnType<SeedContext['randomFor']>,
  children: Row[],
  listing: number,
  sellerId: string,
  startingBidCents: number | null,
  endTime: Date | null,
  createdAt: Date,
): AuctionState {
  const { recentOr } = timesOf(random, context.now);
  const listingId = context.idOf(KIND.listing, listing);
  let state: AuctionState = {
    listingId,
    sellerId,
    startingBidCents: startingBidCents ?? 100,
    currentBidCents: null,
    leader: null,
    bidCount: 0,
    endTimeMs: endTime?.getTime() ?? Number.MAX_SAFE_INTEGER,
  };
  let amount = state.startingBidCents;
  for (let i = random.int(0, 8); i > 0; i--) {
    const bidder = random.pick(context.buyers);
    const bidderId = context.idOf(KIND.user, bidder);
    amount += random.pick([100, 200, 500]);
    const at = recentOr(60);
    const bidId = context.nextId(KIND.bid);
    const maxCents = amount + random.pick([0, 500, 1000]);
    const result = placeBid(state, { bidId, bidderId, maxCents, placedAtMs: createdAt.getTime() });
    if (result.status === 'rejected') continue;
    state = result.newState;
    const newBid = result.events.find((event) => event.name === 'newBid');
    const shownCents = newBid ? usdToCents(newBid.payload.amount) : null;
    children.push({
      table: BID_TABLE,
      values: [bidId, listingId, bidderId, shownCents ?? state.currentBidCents ?? state.startingBidCents, maxCents, at],
    });
    if (shownCents !== null) children.push(feed(context, listing, bidder, 'bid', shownCents, null, at));
  }
  return state;
}
