// Demo data for the review queue, laid over a seeded marketplace (seed.ts) so the queue and the
// support queue are alive on the first `npm start`: listing reports (one listing reported twice),
// order issues, support requests, contact messages, flagged chat and auction messages, a listing
// with an email in its description, and one shill ring (three accounts sharing the seller's phone
// and address, and the IP they signed up from, bidding early and in runs on one of the seller's
// auctions). Every case is opened by
// the trust-safety module itself, exactly as the live routes do.
import { sql } from 'drizzle-orm';
import {
  reviewAuctionIntegrity,
  reviewContactMessage,
  reviewListingReport,
  reviewSupportRequest,
  screenAuctionText,
  screenChatMessage,
  screenListingText,
} from '../modules/trust-safety/index.js';
import { createRelayPublisher } from '../platform/events/pending-events.js';
import { inUnitOfWork, type Outbox } from '../platform/events/unit-of-work.js';
import type { z } from 'zod';
import type { Db, Executor } from '../platform/db/database.js';
import { recordSignInIp } from '../platform/auth/sign-in-ips.js';
import { DEFAULT_STARTING_BID_CENTS, replayBids } from '../modules/auctions/index.js';
import { bidIncrementCents } from '../../shared/rules/bid-increments.js';
import {
  auctionMessages,
  chatMessages,
  chats,
  contactMessages,
  customerSupportRequests,
  listings as listingsTable,
  orders as ordersTable,
  users,
} from '../platform/db/schema/index.js';
import { COUNT_ROW } from '../platform/db/list-sql.js';
import { readRows, sqlRow } from '../platform/db/sql-row.js';

const ID_AND_OWNER = sqlRow(listingsTable, 'id', 'user_id');
const USER_ID = sqlRow(users, 'id');
const LISTING_ID = sqlRow(listingsTable, 'id');
const REQUEST_ID = sqlRow(customerSupportRequests, 'id');
const AUCTION_FACTS = sqlRow(listingsTable, 'id', 'user_id', 'created_at', 'end_time', 'starting_bid_cents');
type AuctionFacts = z.output<typeof AUCTION_FACTS>;

const FLAGGED_CHAT = [
  'text me at 555 two one two 9876, quicker than this app',
  'just send it on venmo @kicksdan and I ship today',
  'my email is jen dot vintage at gmail',
  'add me on WhatsApp +1 646 555 3344',
  'cheaper if you pay outside the app, cashapp $dealzdan',
  'dm me on the gram, same name',
];
const FLAGGED_AUCTION = ['Serious buyers call 555-CALL-NOW', 'Telegram: @lotsofdeals for the rest of the lot'];
const REPORTS: [type: string, text: string | null][] = [
  ['scam', 'Photos are copied from another shop'],
  ['scam', 'Seller asked me to pay by Zelle'],
  ['harmful', null],
  ['other', 'Wrong category'],
];
const ORDER_ISSUES: [issue: string, message: string][] = [
  ['Damaged Item', 'The box was crushed and the lens is cracked.'],
  ["Lost / Didn't receive item", 'Tracking says delivered but nothing arrived.'],
  ['Received different item', 'I ordered the blue one and got a red one.'],
];

const noEvents = { publish: () => undefined };
/** Where the seeded ring signs in from. */
const RING_IP = '203.0.113.77';
/**
 * The phone the seeded ring's first member signs in with: a hard identifier the ring's block
 * covers that a new account can carry too (it registers the token), as an evader's would.
 */
export const RING_DEVICE_TOKEN = 'demo-ring-device-ava';

export interface ReviewSeedSummary {
  cases: number;
}

export async function seedReviewQueue(db: Db): Promise<ReviewSeedSummary> {
  const unit = (work: (tx: Executor, outbox: Outbox) => Promise<unknown>) =>
    inUnitOfWork({ db, events: noEvents }, async (tx, outbox) => {
      await work(tx, outbox);
    });

  // Listing reports: four listings, the first reported by two users (the second joins its case).
  const listings = await readRows(
    db,
    ID_AND_OWNER,
    sql`SELECT id, user_id FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY id LIMIT 4`,
  );
  const reporters = await readRows(
    db,
    USER_ID,
    sql`SELECT id FROM users WHERE deleted_at IS NULL AND seller_enabled = false ORDER BY id LIMIT 6`,
  );
  for (const [index, [reportType, text]] of REPORTS.entries()) {
    const listing = listings[index === 1 ? 0 : index];
    const reporter = reporters[index];
    if (!listing || !reporter) continue;
    await unit(async (tx, outbox) => {
      await tx.execute(sql`INSERT INTO listing_reports (listing_id, user_id, report_type, text)
                           VALUES (${listing.id}, ${reporter.id}, ${reportType}, ${text}) ON CONFLICT DO NOTHING`);
      await reviewListingReport(tx, outbox, {
        listingId: listing.id,
        sellerId: listing.user_id,
        reporterId: reporter.id,
        reportType,
        text,
      });
    });
  }

  // Order issues from buyers, two general support requests, two contact messages (one guest).
  const orders = await readRows(
    db,
    sqlRow(ordersTable, 'id', 'buyer_id'),
    sql`SELECT id, buyer_id FROM orders WHERE deleted_at IS NULL ORDER BY id LIMIT ${ORDER_ISSUES.length}`,
  );
  for (const [index, order] of orders.entries()) {
    const [issue, message] = ORDER_ISSUES[index]!;
    await unit(async (tx, outbox) => {
      const [row] = await readRows(
        tx,
        REQUEST_ID,
        sql`INSERT INTO customer_support_requests (user_id, order_id, issue, message)
            VALUES (${order.buyer_id}, ${order.id}, ${issue}, ${message}) RETURNING id`,
      );
      await reviewSupportRequest(tx, outbox, {
        id: row!.id,
        userId: order.buyer_id,
        orderId: order.id,
        issue,
        message,
      });
    });
  }
  for (const [index, message] of ['How do I change my payout account?', 'Can I list in two categories?'].entries()) {
    const user = reporters[index];
    if (!user) continue;
    await unit(async (tx, outbox) => {
      const [row] = await readRows(
        tx,
        REQUEST_ID,
        sql`INSERT INTO customer_support_requests (user_id, message) VALUES (${user.id}, ${message}) RETURNING id`,
      );
      await reviewSupportRequest(tx, outbox, { id: row!.id, userId: user.id, orderId: null, issue: null, message });
    });
  }
  for (const [userId, name, email, subject, body] of [
    [null, 'Pat Lee', 'pat@example.test', 'Cannot sign in', 'I am locked out after changing phones.'],
    [reporters[2]?.id ?? null, 'Sam Doe', 'sam@example.test', null, 'Please delete my old listing photos.'],
  ] as const) {
    await unit(async (tx, outbox) => {
      const [row] = await readRows(
        tx,
        sqlRow(contactMessages, 'id'),
        sql`INSERT INTO contact_messages (user_id, name, email, subject, message)
            VALUES (${userId}, ${name}, ${email}, ${subject}, ${body}) RETURNING id`,
      );
      await reviewContactMessage(tx, outbox, { id: row!.id, userId, name, email, subject, body });
    });
  }

  // Flagged chat and auction messages: delivered like any other, each opening a case.
  const flaggedChats = await readRows(
    db,
    sqlRow(chats, 'id', 'user_id'),
    sql`SELECT id, user_id FROM chats WHERE deleted_at IS NULL AND blocked_user_id IS NULL ORDER BY id LIMIT ${FLAGGED_CHAT.length}`,
  );
  for (const [index, chat] of flaggedChats.entries()) {
    const text = FLAGGED_CHAT[index]!;
    await unit(async (tx, outbox) => {
      const [row] = await readRows(
        tx,
        sqlRow(chatMessages, 'id'),
        sql`INSERT INTO chat_messages (chat_id, user_id, message) VALUES (${chat.id}, ${chat.user_id}, ${text}) RETURNING id`,
      );
      await tx.execute(sql`UPDATE chats SET last_message = ${text}, updated_at = now() WHERE id = ${chat.id}`);
      await screenChatMessage(tx, outbox, { id: row!.id, chatId: chat.id, senderId: chat.user_id, text });
    });
  }
  const auctions = await readRows(
    db,
    LISTING_ID,
    sql`SELECT id FROM listings WHERE status = 'active' AND listing_type = 'auction' AND deleted_at IS NULL
        ORDER BY id DESC LIMIT ${FLAGGED_AUCTION.length}`,
  );
  for (const [index, auction] of auctions.entries()) {
    const author = reporters[index + 3];
    if (!author) continue;
    const text = FLAGGED_AUCTION[index]!;
    await unit(async (tx, outbox) => {
      const [row] = await readRows(
        tx,
        sqlRow(auctionMessages, 'id'),
        sql`INSERT INTO auction_messages (listing_id, user_id, type, text) VALUES (${auction.id}, ${author.id}, 'text', ${text})
            RETURNING id`,
      );
      await screenAuctionText(tx, outbox, { id: row!.id, authorId: author.id, text });
    });
  }
  const [withEmail] = await readRows(
    db,
    sqlRow(listingsTable, 'id', 'user_id', 'title'),
    sql`SELECT id, user_id, title FROM listings WHERE status = 'active' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  if (withEmail) {
    const description = 'Mint condition. Questions? mark [dot] sells [at] yahoo [dot] com';
    await unit(async (tx, outbox) => {
      await tx.execute(sql`UPDATE listings SET description = ${description} WHERE id = ${withEmail.id}`);
      await screenListingText(tx, outbox, { ...withEmail, sellerId: withEmail.user_id, description });
    });
  }

  await seedShillRing(db);
  // Spread the cases over the last two days so the queue's ages vary.
  await db.execute(
    sql`UPDATE review_cases SET created_at = now() - (interval '37 minutes' * (abs(hashtext(id)) % 80))`,
  );
  await db.execute(sql`UPDATE review_cases SET updated_at = created_at`);
  const [count] = await readRows(db, COUNT_ROW, sql`SELECT count(*) AS count FROM review_cases`);
  return { cases: Number(count?.count ?? 0) };
}

/** Three accounts sharing the seller's phone and address open an auction early and bid in runs. */
async function seedShillRing(db: Db): Promise<void> {
  const [auction] = await readRows(
    db,
    AUCTION_FACTS,
    sql`SELECT l.id, l.user_id, l.created_at, l.end_time, l.starting_bid_cents FROM listings l
        WHERE l.status = 'active' AND l.listing_type = 'auction' AND l.deleted_at IS NULL AND l.end_time > now()
          AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.listing_id = l.id)
        ORDER BY l.id LIMIT 1`,
  );
  return seedRingOn(db, auction ?? (await freshAuction(db)));
}

/**
 * A copy of a running auction with no bids yet, for the ring when every seeded auction has bids:
 * the same seller, item and end, opened two days ago.
 */
async function freshAuction(db: Db): Promise<AuctionFacts | undefined> {
  const [source] = await readRows(
    db,
    LISTING_ID,
    sql`SELECT id FROM listings WHERE status = 'active' AND listing_type = 'auction' AND deleted_at IS NULL
          AND end_time > now() + interval '1 day' ORDER BY id LIMIT 1`,
  );
  if (!source) return undefined;
  await db.execute(sql`CREATE TEMP TABLE ring_auction AS SELECT * FROM listings WHERE id = ${source.id}`);
  await db.execute(sql`UPDATE ring_auction SET id = gen_random_uuid()::text, bid_cents = NULL, leader_id = NULL,
                         leader_max_cents = NULL, bid_count = 0, created_at = now() - interval '2 days'`);
  const [auction] = await readRows(
    db,
    AUCTION_FACTS,
    sql`INSERT INTO listings SELECT * FROM ring_auction RETURNING id, user_id, created_at, end_time, starting_bid_cents`,
  );
  await db.execute(sql`DROP TABLE ring_auction`);
  return auction;
}

async function seedRingOn(db: Db, auction: AuctionFacts | undefined): Promise<void> {
  if (!auction) return;
  const [seller] = await readRows(
    db,
    sqlRow(users, 'phone_number'),
    sql`SELECT phone_number FROM users WHERE id = ${auction.user_id}`,
  );
  const phone = seller?.phone_number ?? '+15550009999';
  await db.execute(sql`UPDATE users SET phone_number = ${phone} WHERE id = ${auction.user_id}`);
  const ring: string[] = [];
  for (const name of ['ring_ava', 'ring_leo', 'ring_ivy']) {
    const [row] = await readRows(
      db,
      USER_ID,
      sql`INSERT INTO users (user_name, email, phone_number) VALUES (${name}, ${`${name}@example.test`}, ${phone})
          RETURNING id`,
    );
    ring.push(row!.id);
    await db.execute(sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code,
                                                country, type)
                         SELECT ${row!.id}, first_name, last_name, address_line_one, city, state, zip_code, country, 'DEFAULT'
                         FROM addresses WHERE user_id = ${auction.user_id} LIMIT 1`);
  }
  // The ring signed up from one public address (a documentation range): the weak signal the
  // ring's screen shows beside its links.
  for (const userId of [auction.user_id, ...ring]) await recordSignInIp(db, userId, RING_IP, 'signUp');
  await db.execute(sql`INSERT INTO device_token_holders (token, user_id) VALUES (${RING_DEVICE_TOKEN}, ${ring[0]!})`);
  await db.execute(
    sql`INSERT INTO device_tokens (token, user_id, platform) VALUES (${RING_DEVICE_TOKEN}, ${ring[0]!}, 'ios')`,
  );
  const [honest] = await readRows(
    db,
    USER_ID,
    sql`SELECT id FROM users WHERE id <> ${auction.user_id} AND seller_enabled = false AND deleted_at IS NULL
        ORDER BY id DESC LIMIT 1`,
  );
  const start = new Date(auction.created_at).getTime();
  // Both reads of the auction ask for a running one (`end_time > now()`): it has an end.
  const end = new Date(auction.end_time!).getTime();
  // Each bid a valid one (from the starting bid up, one increment at a time) and the listing's
  // standing the bid rule's own replay of them: voiding the ring's bids then leaves the honest
  // bidder leading at the starting bid, as it would on a real auction.
  const startingBid = Number(auction.starting_bid_cents ?? DEFAULT_STARTING_BID_CENTS);
  let cents = startingBid;
  const bids: { userId: string; at: number; cents: number }[] = [];
  for (const [index, shill] of ring.entries()) {
    for (let run = 0; run < 3; run++) {
      bids.push({ userId: shill, at: start + (index * 3 + run + 1) * 60_000, cents });
      cents += bidIncrementCents(cents);
    }
  }
  if (honest) {
    bids.push({ userId: honest.id, at: Math.min(Date.now(), end - 60_000), cents: cents + bidIncrementCents(cents) });
  }
  for (const bid of bids) {
    await db.execute(sql`INSERT INTO bids (listing_id, user_id, amount_cents, max_bid_cents, created_at)
                         VALUES (${auction.id}, ${bid.userId}, ${bid.cents}, ${bid.cents}, ${new Date(bid.at)})`);
  }
  const { standing } = replayBids(
    { listingId: auction.id, sellerId: auction.user_id, startingBidCents: startingBid },
    bids.map((bid, index) => ({ bidId: String(index), bidderId: bid.userId, maxCents: bid.cents })),
  );
  await db.execute(sql`UPDATE listings SET bid_cents = ${standing.currentBidCents}, leader_id = ${standing.leaderId},
                         leader_max_cents = ${standing.leaderMaxCents}, bid_count = ${standing.bidCount}
                       WHERE id = ${auction.id}`);
  await reviewAuctionIntegrity({ db, events: createRelayPublisher() }, auction.id, 'close');
}
