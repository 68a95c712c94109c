// Deterministic demo data: `tsx server/platform/db/seed.ts --users 300 [--seed 1]`. The same seed and
// size always produce the same marketplace (times are relative to now, so some rows always
// fall in the past 24 hours). The size scales every table, so it also fills large databases.
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  CARRIER_TRACKING_STATUSES,
  CORE_ORDER_STATUSES,
  EXCEPTION_ORDER_STATUSES,
  REFUND_REASONS,
} from '../../../shared/contract/enums.js';
import { payoutCents, usdToCents } from '../../../shared/rules/money.js';
import { placeBid, type AuctionState } from '../../modules/auctions/index.js';
import { loadConfig } from '../../config.js';
import { openDatabase, queryRows, type Db } from './database.js';
import { migrate } from './migrate.js';
import * as t from './schema/index.js';
import { seededRandom, type Random } from './seed-random.js';

export interface SeedOptions {
  users: number;
  seed?: number;
  /** "now" for relative times; tests pin it. */
  now?: Date;
}

export interface SeedSummary {
  users: number;
  listings: number;
  orders: number;
  chatMessages: number;
}

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Eli', 'Ivy', 'Leo', 'Ada', 'Max', 'Ruby', 'Finn', 'Nora', 'Owen'];
const LAST = ['Stone', 'Rivera', 'Chen', 'Patel', 'Kim', 'Novak', 'Silva', 'Berg', 'Moreau', 'Okafor', 'Lind'];
const THINGS = [
  'Vintage Camera',
  'Trading Card',
  'Vinyl Record',
  'Sneakers',
  'Comic Book',
  'Pocket Watch',
  'Denim Jacket',
  'Board Game',
  'Film Poster',
  'Ceramic Vase',
  'Mechanical Keyboard',
  'Silver Ring',
];
const ADJECTIVES = ['Rare', 'Mint', 'Signed', 'Classic', 'Limited', 'Retro', 'Handmade', 'Sealed', 'Graded'];
const CATEGORIES: Record<string, string[]> = {
  Collectibles: ['Trading Cards', 'Coins', 'Stamps', 'Figures'],
  Fashion: ['Sneakers', 'Jackets', 'Watches'],
  Music: ['Vinyl', 'Instruments', 'Posters'],
  Home: ['Ceramics', 'Lighting', 'Textiles'],
  Electronics: ['Cameras', 'Keyboards', 'Audio'],
  Books: ['Comics', 'First Editions'],
};
const CHAT_LINES = [
  'Is this still available?',
  'Can you ship tomorrow?',
  'Would you take $20 less?',
  'Thanks, got it!',
  'What size is it?',
  'Any scratches on the back?',
  'Sent the payment.',
  'Love it, thank you!',
  'Can you bundle shipping?',
];
const RATING_LINES = [
  'Great seller, fast shipping',
  'Item as described',
  'Packaging could be better',
  'Arrived damaged but seller helped',
  'Would buy again',
  'Slow to ship',
  null,
];
const AUCTION_LINES = ['Let’s go!', 'Is the box included?', 'Good luck everyone', 'What a deal', 'Bidding war!'];

const DAY = 86_400_000;

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM users LIMIT 1`);
  return rows.length > 0;
}

async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  // Chunks keep each statement under PostgreSQL's 65535 parameters.
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(table).values(rows.slice(i, i + 500));
  }
}

export async function seedMarketplace(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const random: Random = seededRandom(options.seed ?? 1);
  const now = (options.now ?? new Date()).getTime();
  const before = (maxDays: number) => new Date(now - random.int(60_000, maxDays * DAY));
  /** About one row in twelve is fresh, so the 24-hour statistics always have something. */
  const recentOr = (maxDays: number) =>
    random.chance(1 / 12) ? new Date(now - random.int(60_000, DAY - 60_000)) : before(maxDays);
  const money = (min: number, max: number) => random.int(min, max) * 100 + random.pick([0, 0, 50, 99]);

  const categories = Object.keys(CATEGORIES).map((title, sort) => ({ id: random.uuid(), title, sort }));
  const subcategories = categories.flatMap((category) =>
    (CATEGORIES[category.title] ?? []).map((title, sort) => ({
      id: random.uuid(),
      categoryId: category.id,
      title,
      sort,
      minPackageWeightInOz: random.pick([4, 8, 12, 12, 16, 24]),
    })),
  );

  const users = Array.from({ length: options.users }, (_, i) => {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const seller = random.chance(0.3);
    return {
      id: random.uuid(),
      userName: `${first.toLowerCase()}_${last.toLowerCase()}${i}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.test`,
      avatar: random.chance(0.7) ? `https://i.pravatar.cc/150?u=${i}` : null,
      countryCode: 'US',
      phoneNumber: random.chance(0.6) ? `+1555${String(1000000 + i).slice(-7)}` : null,
      sellerEnabled: seller && random.chance(0.85),
      sellerFee: seller ? random.pick([7, 7, 7, 5, 10, 12]) : 7,
      featured: seller && random.chance(0.15),
      paymentFailedStrikes: random.chance(0.1) ? random.int(1, 3) : 0,
      stripeCustomerId: random.chance(0.8) ? `cus_${random.uuid().slice(0, 14)}` : null,
      stripeUserId: seller ? `acct_${random.uuid().slice(0, 16)}` : null,
      amountSpentCents: 0,
      amountSoldCents: 0,
      createdAt: recentOr(400),
    };
  });
  // Only an enabled seller sells (server/modules/accounts/selling.ts): every listing, and so every order,
  // belongs to one. A disabled seller keeps a payout account and a return address, and lists
  // nothing.
  const sellers = users.filter((user) => user.sellerEnabled);
  const buyers = users.filter((user) => !user.stripeUserId || random.chance(0.3));

  const addresses = users.flatMap((user) => {
    const rows = [];
    const address = (type: 'DEFAULT' | 'RETURN_ADDRESS', daysAgo: number) => ({
      id: random.uuid(),
      userId: user.id,
      firstName: user.userName.split('_')[0] ?? 'Sam',
      lastName: 'Doe',
      addressLineOne: `${random.int(1, 9999)} ${random.pick(['Oak', 'Pine', 'Main', 'Elm'])} St`,
      addressLineTwo: random.chance(0.3) ? `Apt ${random.int(1, 40)}` : null,
      city: random.pick(['Austin', 'Denver', 'Portland', 'Boston', 'Miami']),
      state: random.pick(['TX', 'CO', 'OR', 'MA', 'FL']),
      zipCode: String(random.int(10000, 99999)),
      country: 'US',
      countryCode: 'US',
      phoneNumber: user.phoneNumber,
      type,
      createdAt: new Date(user.createdAt.getTime() + daysAgo * 1000),
    });
    if (random.chance(0.6)) rows.push(address('DEFAULT', 1), ...(random.chance(0.2) ? [address('DEFAULT', 2)] : []));
    if (user.stripeUserId) rows.push(address('RETURN_ADDRESS', 3));
    return rows;
  });

  const sellerRequests = users
    .filter((user) => !user.sellerEnabled && random.chance(0.12))
    .map((user) => ({
      id: random.uuid(),
      userId: user.id,
      description: `I sell ${random.pick(THINGS).toLowerCase()}s and would like to open a shop.`,
      instagramLink: random.chance(0.5) ? `https://instagram.com/${user.userName}` : null,
      tikTokLink: random.chance(0.3) ? `https://tiktok.com/@${user.userName}` : null,
      otherProfileLink: null,
      status: 'PENDING' as const,
      createdAt: recentOr(30),
    }));

  const listings = sellers.flatMap((seller) =>
    Array.from({ length: random.int(1, 6) }, () => {
      const listingType = random.pick(['default', 'default', 'auction', 'auction', 'giveaway'] as const);
      const createdAt = recentOr(120);
      const startingBid = listingType === 'auction' ? money(1, 80) : null;
      return {
        id: random.uuid(),
        userId: seller.id,
        subcategoryId: random.pick(subcategories).id,
        title: `${random.pick(ADJECTIVES)} ${random.pick(THINGS)}`,
        description: `${random.pick(ADJECTIVES)} condition. ${random.pick(['Ships fast.', 'Smoke-free home.', 'No returns.', 'From my personal collection, kept in a display case for years.'])}`,
        listingType,
        status: random.pick(['active', 'active', 'active', 'sold', 'auction_ended'] as const),
        inStock: listingType === 'default' ? random.int(0, 20) : 1,
        priceCents: listingType === 'default' ? money(5, 300) : null,
        startingBidCents: startingBid,
        bidCents: null as number | null,
        featured: listingType === 'auction' && random.chance(0.1),
        endTime: listingType === 'default' ? null : new Date(createdAt.getTime() + random.int(1, 14) * DAY),
        video: random.chance(0.2) ? `https://videos.example.test/${random.uuid()}.mp4` : null,
        shippingPriceCents: random.pick([0, 499, 799]),
        massUnit: random.pick(['oz', 'oz', 'lbs'] as const),
        weight: random.int(1, 40),
        width: random.int(2, 20),
        height: random.int(1, 12),
        length: random.int(2, 24),
        createdAt,
      };
    }),
  );

  // Timed listings run for 1–14 days. An active one ends that long from now, so the demo's
  // auctions are still running when the stack starts (the closer would otherwise end them all
  // at once on first start); an ended or sold one ended before now. No random draw here: the
  // same seed still gives the same marketplace.
  for (const listing of listings) {
    if (!listing.endTime) continue;
    const runsFor = listing.endTime.getTime() - listing.createdAt.getTime();
    if (listing.status === 'active' && listing.endTime.getTime() <= now) listing.endTime = new Date(now + runsFor);
    if (listing.status !== 'active' && listing.endTime.getTime() >= now) listing.endTime = new Date(now - 30_000);
  }

  const bids: (typeof t.bids.$inferInsert)[] = [];
  const auctionMessages: (typeof t.auctionMessages.$inferInsert)[] = [];
  const giveawayEntries: (typeof t.giveawayEntries.$inferInsert)[] = [];
  const auctionStates: AuctionState[] = [];
  for (const listing of listings) {
    if (listing.listingType === 'auction') {
      // The seeded bids go through the engine's own proxy rule, so a seeded auction's price,
      // leader and hidden maximum are what live bidding would have left (a bid the rule refuses
      // is left out); the random draws stay the same either way.
      let state: AuctionState = {
        listingId: listing.id,
        sellerId: listing.userId,
        startingBidCents: listing.startingBidCents ?? 100,
        currentBidCents: null,
        leader: null,
        bidCount: 0,
        endTimeMs: listing.endTime?.getTime() ?? Number.MAX_SAFE_INTEGER,
      };
      let amount = state.startingBidCents;
      for (let i = random.int(0, 8); i > 0; i--) {
        const bidder = random.pick(buyers);
        amount += random.pick([100, 200, 500]);
        const createdAt = recentOr(60);
        const bidId = random.uuid();
        const maxBidCents = amount + random.pick([0, 500, 1000]);
        const messageId = random.uuid();
        const result = placeBid(state, {
          bidId,
          bidderId: bidder.id,
          maxCents: maxBidCents,
          placedAtMs: listing.createdAt.getTime(),
        });
        if (result.status === 'rejected') continue;
        state = result.newState;
        const newBid = result.events.find((event) => event.name === 'newBid');
        const shownCents = newBid ? usdToCents(newBid.payload.amount) : null;
        bids.push({
          id: bidId,
          listingId: listing.id,
          userId: bidder.id,
          amountCents: shownCents ?? state.currentBidCents ?? state.startingBidCents,
          maxBidCents,
          createdAt,
        });
        if (shownCents !== null) {
          auctionMessages.push({
            id: messageId,
            listingId: listing.id,
            userId: bidder.id,
            type: 'bid',
            amountCents: shownCents,
            createdAt,
          });
        }
      }
      listing.bidCents = state.currentBidCents;
      if (state.leader) auctionStates.push(state);
    }
    if (listing.listingType === 'giveaway') {
      const entrants = new Set<string>();
      for (let i = random.int(0, 6); i > 0; i--) entrants.add(random.pick(buyers).id);
      for (const userId of entrants) {
        const createdAt = recentOr(60);
        giveawayEntries.push({ id: random.uuid(), listingId: listing.id, userId, createdAt });
        auctionMessages.push({ id: random.uuid(), listingId: listing.id, userId, type: 'giveawayEntry', createdAt });
      }
      const winner = [...entrants][0];
      if (winner && listing.status !== 'active') {
        auctionMessages.push({
          id: random.uuid(),
          listingId: listing.id,
          userId: winner,
          type: 'giveawayWinner',
          createdAt: recentOr(30),
        });
      }
    }
    if (listing.listingType !== 'default' && random.chance(0.5)) {
      auctionMessages.push({
        id: random.uuid(),
        listingId: listing.id,
        userId: random.pick(buyers).id,
        type: 'text',
        text: random.pick(AUCTION_LINES),
        createdAt: recentOr(60),
      });
    }
  }

  const statuses = [
    ...CORE_ORDER_STATUSES,
    'SHIPPING_DELIVERED',
    'SHIPPING_DELIVERED',
    'PAYMENT_CONFIRMED',
    ...CARRIER_TRACKING_STATUSES.slice(0, 4),
    ...EXCEPTION_ORDER_STATUSES.slice(0, 3),
  ] as const;
  const usersById = new Map(users.map((user) => [user.id, user]));
  const orders: (typeof t.orders.$inferInsert)[] = [];
  const transactions: (typeof t.transactions.$inferInsert)[] = [];
  const ratings: (typeof t.ratings.$inferInsert)[] = [];
  const orderCount = Math.max(1, Math.round(options.users * 0.8));
  for (let i = 0; i < orderCount; i++) {
    const listing = random.pick(listings);
    const seller = usersById.get(listing.userId);
    const buyer = random.pick(buyers);
    if (!seller || buyer.id === seller.id) continue;
    const priceCents = listing.priceCents ?? listing.bidCents ?? listing.startingBidCents ?? 0;
    const status = random.pick(statuses);
    const createdAt = recentOr(90);
    const id = random.uuid();
    orders.push({
      id,
      listingId: listing.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      priceCents,
      shippingPriceCents: listing.shippingPriceCents,
      status,
      trackingCode: ['Pending', 'PAYMENT_CONFIRMED', 'PAYMENT_FAILED', 'cancelled'].includes(status)
        ? null
        : `9400${String(random.int(1e9, 9e9))}${String(random.int(1e9, 9e9))}`,
      createdAt,
    });
    const paidCents = priceCents + listing.shippingPriceCents;
    const paymentFailed = status === 'PAYMENT_FAILED';
    transactions.push({
      id: random.uuid(),
      orderId: id,
      type: 'order_payment',
      status: paymentFailed ? 'failed' : 'succeeded',
      amountCents: paidCents,
      externalId: `pi_${random.uuid().slice(0, 20)}`,
      createdAt,
    });
    if (paymentFailed) continue;
    buyer.amountSpentCents += paidCents;
    if (status === 'SHIPPING_DELIVERED' || status === 'Shipped' || random.chance(0.2)) {
      const payout = payoutCents(priceCents, seller.sellerFee);
      const ok = random.chance(0.9);
      if (ok) seller.amountSoldCents += payout;
      transactions.push({
        id: random.uuid(),
        orderId: id,
        type: 'order_payout',
        status: ok ? 'succeeded' : 'failed',
        amountCents: payout,
        createdAt: new Date(createdAt.getTime() + DAY),
      });
    }
    if (paidCents > 100 && random.chance(0.12)) {
      transactions.push({
        id: random.uuid(),
        orderId: id,
        type: 'admin_refund',
        status: 'succeeded',
        amountCents: random.int(1, Math.floor(paidCents / 2)),
        refundReason: random.pick(REFUND_REASONS),
        refundDate: new Date(createdAt.getTime() + 2 * DAY),
        createdAt: new Date(createdAt.getTime() + 2 * DAY),
      });
    }
    if (random.chance(0.4)) {
      ratings.push({
        id: random.uuid(),
        orderId: id,
        buyerId: buyer.id,
        sellerId: seller.id,
        rate: random.chance(0.9) ? random.int(1, 5) : null,
        experience: random.pick(RATING_LINES),
        createdAt: new Date(createdAt.getTime() + 3 * DAY),
      });
    }
  }

  const chats: (typeof t.chats.$inferInsert)[] = [];
  const chatMessages: (typeof t.chatMessages.$inferInsert)[] = [];
  for (let i = 0; i < Math.max(1, Math.round(options.users / 2)); i++) {
    const user = random.pick(users);
    const other = random.pick(sellers.length ? sellers : users);
    if (user.id === other.id) continue;
    const createdAt = recentOr(60);
    const chatId = random.uuid();
    let last: string | null = null;
    let updatedAt = createdAt;
    for (let m = random.int(0, 10); m > 0; m--) {
      updatedAt = new Date(Math.min(now - 1000, updatedAt.getTime() + random.int(60_000, DAY / 4)));
      last = random.pick(CHAT_LINES);
      chatMessages.push({
        id: random.uuid(),
        chatId,
        userId: random.chance(0.5) ? user.id : other.id,
        message: last,
        isSeen: random.chance(0.7),
        createdAt: updatedAt,
      });
    }
    // Who blocked is recorded with the block (only they may lift it); one draw, as before.
    const blocked = random.chance(0.05);
    chats.push({
      id: chatId,
      userId: user.id,
      otherUserId: other.id,
      blockedUserId: blocked ? other.id : null,
      blockedById: blocked ? user.id : null,
      lastMessage: last,
      createdAt,
      updatedAt,
    });
  }

  const follows = new Map<string, typeof t.follows.$inferInsert>();
  for (let i = 0; i < options.users; i++) {
    const follower = random.pick(users);
    const following = random.pick(sellers.length ? sellers : users);
    if (follower.id !== following.id)
      follows.set(`${follower.id}:${following.id}`, {
        followerId: follower.id,
        followingId: following.id,
        createdAt: before(200),
      });
  }
  const notifications = users.slice(0, Math.min(users.length, 50)).map((user) => ({
    id: random.uuid(),
    userId: user.id,
    type: 'orderStatusUpdate',
    title: 'Your order has shipped',
    createdAt: recentOr(10),
  }));

  await db.transaction(async (tx) => {
    const insert = (table: PgTable, rows: Record<string, unknown>[]) => insertAll(tx as unknown as Db, table, rows);
    await insert(t.categories, categories);
    await insert(t.subcategories, subcategories);
    await insert(t.users, users);
    await insert(t.addresses, addresses);
    await insert(t.sellerRequests, sellerRequests);
    await insert(t.listings, listings);
    await insert(t.bids, bids);
    // The proxy state lives in columns migration 0002 added, outside the Drizzle table.
    for (const state of auctionStates) {
      await tx.execute(sql`
        UPDATE listings SET leader_id = ${state.leader?.bidderId ?? null},
               leader_max_cents = ${state.leader?.maxCents ?? null}, bid_count = ${state.bidCount}
        WHERE id = ${state.listingId}`);
    }
    await insert(t.giveawayEntries, giveawayEntries);
    await insert(t.auctionMessages, auctionMessages);
    await insert(t.orders, orders);
    await insert(t.transactions, transactions);
    await insert(t.ratings, ratings);
    await insert(t.chats, chats);
    await insert(t.chatMessages, chatMessages);
    await insert(t.follows, [...follows.values()]);
    await insert(t.notifications, notifications);
  });
  return { users: users.length, listings: listings.length, orders: orders.length, chatMessages: chatMessages.length };
}

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

if (process.argv[1]?.replace(/\\/g, '/').endsWith('server/platform/db/seed.ts')) {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    await migrate(database);
    if (await isSeeded(database.db)) {
      console.log('The database already has users; not seeding again.');
    } else {
      const summary = await seedMarketplace(database.db, { users: argValue('users', 300), seed: argValue('seed', 1) });
      console.log('Seeded', summary);
    }
  } finally {
    await database.close();
  }
}
