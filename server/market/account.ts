// The signed-in user's own account: the section 3 User shape, registration, profile changes,
// name checks, seller requests, push device tokens, the app icon's badge, closing the account,
// and what anybody may see of a user.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Address, id, isoDate, listResponse, PendingRequest, usd } from '../../shared/contract/entities.js';
import { IDENTITY_STATUSES, ORDER_STATUSES, USER_REQUEST_STATUSES } from '../../shared/contract/enums.js';
import { listingRoom } from '../../shared/contract/realtime-events.js';
import { isTerminalOrderStatus } from '../../shared/rules/order-transitions.js';
import { sellerStatusOf } from '../../shared/rules/seller-status.js';
import { queryRows, type Executor } from '../db/database.js';
import { isViolationOf } from '../db/unique-violation.js';
import { isoOf, usdOf } from '../db/values.js';
import { accountDeletionBlockers, type OpenObligations } from '../domain/account/account-deletion.js';
import { UserName } from '../domain/account/user-name.js';
import { conflict, HttpError, notFound } from '../http-errors.js';
import { currentAddress } from './addresses.js';
import { US_TIME_ZONES } from './app-settings.js';
import { marketEvent, type MarketDeps, type PendingEvent } from './deps.js';
import { identityStatusOfUser } from './identity-verification.js';
import { callerCacheOf } from './users.js';

// ── Shapes ──

/** Section 3's "User (buyer/seller application default shape)", as far as this API knows it. */
export const AccountUser = z.object({
  id,
  firebaseId: z.string().nullable(),
  email: z.string(),
  userName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  timezone: z.string().nullable(),
  countryCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  isPhoneVerified: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeUserId: z.string().nullable(),
  /** Identity verification (payments area): null until the user starts one. */
  stripeIdentityStatus: z.enum(IDENTITY_STATUSES).nullable(),
  sellerEnabled: z.boolean(),
  sellerFee: z.number().int(),
  profileDescription: z.string().nullable(),
  acceptedTerms: z.boolean(),
  /** Marked by the app (POST /user/guest) until registration. */
  isGuest: z.boolean(),
  avgRate: z.number().nullable(),
  totalRatings: z.number().int().nonnegative(),
  /** What the user's leading bids on running auctions add up to. */
  bidAmount: usd,
  /** The address of each type in use: the newest DEFAULT and the newest RETURN_ADDRESS. */
  shippingInfo: z.array(Address),
  pendingRequest: PendingRequest.nullable(),
  /** Unread notifications since the badge was last reset. */
  badgeCount: z.number().int().nonnegative(),
  createdAt: isoDate,
});
export type AccountUser = z.infer<typeof AccountUser>;

/** A user as anybody may see them: no email, phone, payment or account details. */
export const PublicProfile = z.object({
  id,
  userName: z.string().nullable(),
  avatar: z.string().nullable(),
  profileDescription: z.string().nullable(),
  sellerEnabled: z.boolean(),
  avgRate: z.number().nullable(),
  totalRatings: z.number().int().nonnegative(),
  createdAt: isoDate,
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const SellerRequest = PendingRequest.extend({ status: z.enum(USER_REQUEST_STATUSES) });
export type SellerRequest = z.infer<typeof SellerRequest>;
export const SellerRequests = listResponse(SellerRequest);

const TIME_ZONE_IDS = US_TIME_ZONES.map((zone) => zone.id) as [string, ...string[]];
const personName = z.string().trim().min(1).max(100);

export const RegisterBody = z.strictObject({
  userName: UserName,
  firstName: personName,
  lastName: personName,
  timezone: z.enum(TIME_ZONE_IDS).optional(),
  acceptedTerms: z.literal(true, 'must be true: an account needs the terms accepted'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ProfileBody = z
  .strictObject({
    userName: UserName.optional(),
    firstName: personName.optional(),
    lastName: personName.optional(),
    timezone: z.enum(TIME_ZONE_IDS).optional(),
    /** null clears it. */
    profileDescription: z.string().trim().max(500).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field');
export type ProfileBody = z.infer<typeof ProfileBody>;

/** A profile link on the given site (its host or a subdomain of it), over https. */
const profileLink = (site: string | null) =>
  z
    .url({ protocol: /^https$/, error: 'must be an https link' })
    .max(500)
    .refine((link) => {
      if (site === null) return true;
      const host = new URL(link).hostname;
      return host === site || host.endsWith(`.${site}`);
    }, `must be a link to ${site}`)
    .nullable()
    .default(null);

export const SellerRequestBody = z.strictObject({
  description: z.string().trim().min(1).max(2000),
  instagramLink: profileLink('instagram.com'),
  tikTokLink: profileLink('tiktok.com'),
  otherProfileLink: profileLink(null),
});
export type SellerRequestBody = z.infer<typeof SellerRequestBody>;

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
export const DeviceTokenBody = z.strictObject({
  token: z.string().trim().min(1).max(4096),
  platform: z.enum(DEVICE_PLATFORMS),
});
export const DeviceToken = DeviceTokenBody.extend({ registeredAt: isoDate });
export const BadgeReset = z.object({ badgeCount: z.number().int().nonnegative(), resetAt: isoDate });
export const ContactMessageSent = z.object({ id, createdAt: isoDate });

export const ContactUsBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  subject: z.string().trim().min(1).max(200).optional(),
  message: z.string().trim().min(1).max(5000),
});
export type ContactUsBody = z.infer<typeof ContactUsBody>;

// ── Reading a user ──

interface AccountRow {
  id: string;
  firebase_id: string | null;
  email: string;
  user_name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  timezone: string | null;
  country_code: string | null;
  phone_number: string | null;
  phone_verified_at: Date | string | null;
  stripe_customer_id: string | null;
  stripe_user_id: string | null;
  seller_enabled: boolean;
  seller_fee: number;
  profile_description: string | null;
  accepted_terms_at: Date | string | null;
  is_guest: boolean;
  created_at: Date | string;
  avg_rate: string | number | null;
  total_ratings: string | number;
  bid_cents: string | number;
  badge_count: string | number;
  request_id: string | null;
  request_description: string | null;
  request_created_at: Date | string | null;
  request_instagram_link: string | null;
  request_tik_tok_link: string | null;
  request_other_profile_link: string | null;
}

const avgRateOf = (value: string | number | null) => (value === null ? null : Number(Number(value).toFixed(2)));

/** One statement for the user and everything derived from other tables. */
const selectAccount = (where: SQL) => sql`
  SELECT u.id, u.firebase_id, u.email, u.user_name, u.first_name, u.last_name, u.avatar, u.timezone,
         u.country_code, u.phone_number, u.phone_verified_at, u.stripe_customer_id, u.stripe_user_id,
         u.seller_enabled, u.seller_fee, u.profile_description, u.accepted_terms_at, u.is_guest, u.created_at,
         r.avg_rate, r.total_ratings, b.bid_cents, n.badge_count,
         sr.id AS request_id, sr.description AS request_description, sr.created_at AS request_created_at,
         sr.instagram_link AS request_instagram_link, sr.tik_tok_link AS request_tik_tok_link,
         sr.other_profile_link AS request_other_profile_link
    FROM users u
    CROSS JOIN LATERAL (SELECT avg(rate) AS avg_rate, count(*) AS total_ratings FROM ratings
                         WHERE seller_id = u.id AND deleted_at IS NULL) r
    CROSS JOIN LATERAL (SELECT coalesce(sum(bid_cents), 0) AS bid_cents FROM listings
                         WHERE leader_id = u.id AND listing_type = 'auction' AND status = 'active'
                           AND deleted_at IS NULL) b
    CROSS JOIN LATERAL (SELECT count(*) AS badge_count FROM notifications
                         WHERE user_id = u.id AND read_at IS NULL
                           AND (u.badge_reset_at IS NULL OR created_at > u.badge_reset_at)) n
    LEFT JOIN seller_requests sr ON sr.user_id = u.id AND sr.status = 'PENDING'
   WHERE u.deleted_at IS NULL AND ${where}`;

async function accountWhere(db: Executor, where: SQL): Promise<AccountUser | null> {
  const [row] = await queryRows<AccountRow>(db, selectAccount(where));
  if (!row) return null;
  const shippingInfo = [
    await currentAddress(db, row.id, 'DEFAULT'),
    await currentAddress(db, row.id, 'RETURN_ADDRESS'),
  ];
  return {
    id: row.id,
    firebaseId: row.firebase_id,
    email: row.email,
    userName: row.user_name,
    firstName: row.first_name,
    lastName: row.last_name,
    avatar: row.avatar,
    timezone: row.timezone,
    countryCode: row.country_code,
    phoneNumber: row.phone_number,
    isPhoneVerified: row.phone_verified_at !== null,
    stripeCustomerId: row.stripe_customer_id,
    stripeUserId: row.stripe_user_id,
    stripeIdentityStatus: await identityStatusOfUser(db, row.id),
    sellerEnabled: row.seller_enabled,
    sellerFee: row.seller_fee,
    profileDescription: row.profile_description,
    acceptedTerms: row.accepted_terms_at !== null,
    isGuest: row.is_guest,
    avgRate: avgRateOf(row.avg_rate),
    totalRatings: Number(row.total_ratings),
    bidAmount: usdOf(row.bid_cents),
    shippingInfo: shippingInfo.filter((address) => address !== null),
    pendingRequest:
      row.request_id && row.request_created_at
        ? {
            id: row.request_id,
            description: row.request_description ?? '',
            createdAt: isoOf(row.request_created_at),
            instagramLink: row.request_instagram_link,
            tikTokLink: row.request_tik_tok_link,
            otherProfileLink: row.request_other_profile_link,
          }
        : null,
    badgeCount: Number(row.badge_count),
    createdAt: isoOf(row.created_at),
  };
}

/** The caller's own account (section 3's User shape). */
export async function accountOf(db: Executor, userId: string): Promise<AccountUser> {
  const account = await accountWhere(db, sql`u.id = ${userId}`);
  // The caller was resolved a moment ago; gone now means closed in between.
  if (!account) throw notFound('User');
  return account;
}

/**
 * The caller's account when `key` is one of their own identifiers (Firebase uid, payout or
 * customer account id). Another user's identifiers are not looked up at all, so the answer
 * (403) says nothing about whether they exist.
 */
export async function ownAccountBy(
  db: Executor,
  userId: string,
  key: { firebaseId: string } | { stripeId: string },
): Promise<AccountUser> {
  const account = await accountOf(db, userId);
  const own =
    'firebaseId' in key
      ? account.firebaseId === key.firebaseId
      : key.stripeId === account.stripeUserId || key.stripeId === account.stripeCustomerId;
  if (!own) throw new HttpError(403, 'Only your own account can be looked up this way');
  return account;
}

export async function publicProfileOf(db: Executor, userId: string): Promise<PublicProfile> {
  const [row] = await queryRows<AccountRow>(db, selectAccount(sql`u.id = ${userId}`));
  if (!row) throw notFound('User');
  return {
    id: row.id,
    userName: row.user_name,
    avatar: row.avatar,
    profileDescription: row.profile_description,
    sellerEnabled: row.seller_enabled,
    avgRate: avgRateOf(row.avg_rate),
    totalRatings: Number(row.total_ratings),
    createdAt: isoOf(row.created_at),
  };
}

// ── Names ──

/** Whether another live user has this name (case-insensitively): the caller's own name is free. */
export async function userNameTaken(db: Executor, userName: string, exceptUserId: string | null): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM users WHERE lower(user_name) = lower(${userName}) AND deleted_at IS NULL
          AND id IS DISTINCT FROM ${exceptUserId} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM users WHERE lower(email) = lower(${email}) AND deleted_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

interface LockedUser {
  firebase_id: string | null;
  accepted_terms_at: Date | string | null;
  is_guest: boolean;
}

async function lockedUser(tx: Executor, userId: string): Promise<LockedUser> {
  const [row] = await queryRows<LockedUser>(
    tx,
    sql`SELECT firebase_id, accepted_terms_at, is_guest FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFound('User');
  return row;
}

async function writeProfile(
  deps: MarketDeps,
  userId: string,
  sets: SQL[],
  userName: string | undefined,
  check?: (row: LockedUser) => void,
): Promise<AccountUser> {
  let firebaseId: string | null = null;
  try {
    const account = await deps.db.transaction(async (tx) => {
      const row = await lockedUser(tx, userId);
      check?.(row);
      firebaseId = row.firebase_id;
      if (userName !== undefined && (await userNameTaken(tx, userName, userId))) {
        throw conflict('Username already exists');
      }
      await tx.execute(
        sql`UPDATE users SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} WHERE id = ${userId}`,
      );
      return accountOf(tx, userId);
    });
    // /user/my-details answers from the remembered caller: it shows the new name from now on.
    callerCacheOf(deps.db).forget(firebaseId);
    return account;
  } catch (error) {
    // The unique index on names caught a rename racing this one.
    if (isViolationOf(error, 'users_user_name_key')) throw conflict('Username already exists');
    throw error;
  }
}

/** Registration completes the account the first signed-in call made: a name, a person, the terms. */
export async function registerAccount(deps: MarketDeps, userId: string, body: RegisterBody): Promise<AccountUser> {
  const sets = [
    sql`user_name = ${body.userName}`,
    sql`first_name = ${body.firstName}`,
    sql`last_name = ${body.lastName}`,
    sql`accepted_terms_at = now()`,
    // A guest who registers is a guest no more.
    sql`is_guest = false`,
  ];
  if (body.timezone !== undefined) sets.push(sql`timezone = ${body.timezone}`);
  return writeProfile(deps, userId, sets, body.userName, (row) => {
    if (row.accepted_terms_at !== null) {
      throw conflict('This account is already registered; change it with PATCH /user/profile');
    }
  });
}

export async function updateProfile(deps: MarketDeps, userId: string, body: ProfileBody): Promise<AccountUser> {
  const sets: SQL[] = [];
  if (body.userName !== undefined) sets.push(sql`user_name = ${body.userName}`);
  if (body.firstName !== undefined) sets.push(sql`first_name = ${body.firstName}`);
  if (body.lastName !== undefined) sets.push(sql`last_name = ${body.lastName}`);
  if (body.timezone !== undefined) sets.push(sql`timezone = ${body.timezone}`);
  if (body.profileDescription !== undefined) {
    sets.push(sql`profile_description = ${body.profileDescription === '' ? null : body.profileDescription}`);
  }
  return writeProfile(deps, userId, sets, body.userName);
}

/** POST /user/guest: the caller's account, not yet registered, is a guest's. */
export async function becomeGuest(deps: MarketDeps, userId: string): Promise<AccountUser> {
  return writeProfile(deps, userId, [sql`is_guest = true`], undefined, (row) => {
    if (row.accepted_terms_at !== null) throw conflict('A registered account cannot become a guest');
    if (row.is_guest) throw conflict('This account is already a guest');
  });
}

// ── Selling ──

interface SellerRequestRow {
  id: string;
  description: string;
  instagram_link: string | null;
  tik_tok_link: string | null;
  other_profile_link: string | null;
  status: SellerRequest['status'];
  created_at: Date | string;
}

const sellerRequestOf = (row: SellerRequestRow): SellerRequest => ({
  id: row.id,
  description: row.description,
  createdAt: isoOf(row.created_at),
  instagramLink: row.instagram_link,
  tikTokLink: row.tik_tok_link,
  otherProfileLink: row.other_profile_link,
  status: row.status,
});

/** Asking an admin to sell: one request waits at a time, and sellers need not ask. */
export async function requestToSell(deps: MarketDeps, userId: string, body: SellerRequestBody): Promise<SellerRequest> {
  return deps.db.transaction(async (tx) => {
    // The user's row lock serializes two taps on "Send": the second sees the first's request.
    const [user] = await queryRows<{ seller_enabled: boolean }>(
      tx,
      sql`SELECT seller_enabled FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!user) throw notFound('User');
    if (user.seller_enabled) throw conflict('You are already a seller');
    const [pending] = await queryRows(
      tx,
      sql`SELECT 1 FROM seller_requests WHERE user_id = ${userId} AND status = 'PENDING'`,
    );
    if (pending) throw conflict('Your seller request is already waiting for an admin');
    const [row] = await queryRows<SellerRequestRow>(
      tx,
      sql`INSERT INTO seller_requests (user_id, description, instagram_link, tik_tok_link, other_profile_link)
          VALUES (${userId}, ${body.description}, ${body.instagramLink}, ${body.tikTokLink}, ${body.otherProfileLink})
          RETURNING id, description, instagram_link, tik_tok_link, other_profile_link, status, created_at`,
    );
    return sellerRequestOf(row!);
  });
}

export async function sellerRequestsOf(db: Executor, userId: string) {
  const rows = await queryRows<SellerRequestRow>(
    db,
    sql`SELECT id, description, instagram_link, tik_tok_link, other_profile_link, status, created_at
          FROM seller_requests WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return { count: rows.length, items: rows.map(sellerRequestOf) };
}

export const SellerStanding = z.object({
  /** The admin's words (section 4): 'Pending request', 'Accepted', 'Disabled seller', 'Not a seller'. */
  sellerStatus: z.enum(['Pending request', 'Accepted', 'Disabled seller', 'Not a seller']),
  sellerEnabled: z.boolean(),
  sellerFee: z.number().int(),
  hasPayoutAccount: z.boolean(),
  pendingRequest: PendingRequest.nullable(),
  /** Where the seller's parcels ship from; a label needs it. */
  returnAddress: Address.nullable(),
});

/** Where the caller stands as a seller, in the admin's words, and what selling still needs. */
export async function sellerStandingOf(db: Executor, userId: string): Promise<z.infer<typeof SellerStanding>> {
  const account = await accountOf(db, userId);
  return {
    sellerStatus: sellerStatusOf(account),
    sellerEnabled: account.sellerEnabled,
    sellerFee: account.sellerFee,
    hasPayoutAccount: account.stripeUserId !== null,
    pendingRequest: account.pendingRequest,
    returnAddress: account.shippingInfo.find((address) => address.type === 'RETURN_ADDRESS') ?? null,
  };
}

// ── Devices and badge ──

/** Registers a device for push notifications; the device moves to the caller if another account had it. */
export async function registerDeviceToken(db: Executor, userId: string, token: string, platform: DevicePlatform) {
  const [row] = await queryRows<{ token: string; platform: DevicePlatform; updated_at: Date | string }>(
    db,
    sql`INSERT INTO device_tokens (token, user_id, platform) VALUES (${token}, ${userId}, ${platform})
        ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform, updated_at = now()
        RETURNING token, platform, updated_at`,
  );
  return { token: row!.token, platform: row!.platform, registeredAt: isoOf(row!.updated_at) };
}

export async function removeDeviceToken(db: Executor, userId: string, token: string): Promise<void> {
  const removed = await queryRows(
    db,
    sql`DELETE FROM device_tokens WHERE token = ${token} AND user_id = ${userId} RETURNING token`,
  );
  // Somebody else's token is "not found" too: nobody learns which devices others use.
  if (removed.length === 0) throw notFound('Device token');
}

export async function resetBadgeCount(db: Executor, userId: string) {
  const [row] = await queryRows<{ badge_reset_at: Date | string }>(
    db,
    sql`UPDATE users SET badge_reset_at = now() WHERE id = ${userId} AND deleted_at IS NULL RETURNING badge_reset_at`,
  );
  if (!row) throw notFound('User');
  return { badgeCount: 0, resetAt: isoOf(row.badge_reset_at) };
}

// ── Closing the account ──

/** Statuses a sale never leaves: anything else still has a buyer or a parcel waiting. */
const FINAL_ORDER_STATUSES = ORDER_STATUSES.filter(isTerminalOrderStatus);

async function openObligations(tx: Executor, userId: string): Promise<OpenObligations> {
  const [row] = await queryRows<Record<keyof OpenObligations, string | number>>(
    tx,
    sql`SELECT
          (SELECT count(*) FROM listings l
            WHERE l.user_id = ${userId} AND l.deleted_at IS NULL AND l.status = 'active'
              AND (l.bid_count > 0 OR EXISTS (SELECT 1 FROM giveaway_entries e WHERE e.listing_id = l.id)))
            AS "runningAuctionsWithBids",
          (SELECT count(*) FROM orders
            WHERE seller_id = ${userId} AND deleted_at IS NULL
              AND status NOT IN (${sql.join(
                FINAL_ORDER_STATUSES.map((status) => sql`${status}`),
                sql`, `,
              )})) AS "ordersToShip",
          (SELECT count(*) FROM listings
            WHERE leader_id = ${userId} AND listing_type = 'auction' AND status = 'active' AND deleted_at IS NULL)
            AS "leadingBids",
          (SELECT count(*) FROM orders
            WHERE buyer_id = ${userId} AND deleted_at IS NULL AND status IN ('Pending', 'PAYMENT_FAILED'))
            AS "unpaidPurchases"`,
  );
  return {
    runningAuctionsWithBids: Number(row!.runningAuctionsWithBids),
    ordersToShip: Number(row!.ordersToShip),
    leadingBids: Number(row!.leadingBids),
    unpaidPurchases: Number(row!.unpaidPurchases),
  };
}

/**
 * Closes the caller's account when nobody relies on it any more (409 with every reason
 * otherwise). What goes with it, in the same transaction: their listings still on sale or in
 * draft, their entries in running giveaways (a closed account must not win), their pending
 * offers (made and received), devices and any phone code. Orders, ratings and messages stay,
 * as with an admin's deletion. Listing rooms hear that their listing changed.
 */
export async function closeAccount(
  deps: MarketDeps,
  userId: string,
  check?: (user: LockedUser) => void,
): Promise<void> {
  const { firebaseId, events } = await deps.db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    check?.(user);
    // A bid or entry takes its listing's lock: holding the user's listings' locks before counting
    // means none arrives between the count and the take-down (it waits, then finds it deleted).
    await tx.execute(
      sql`SELECT id FROM listings WHERE user_id = ${userId} AND deleted_at IS NULL AND status IN ('active', 'draft')
          ORDER BY id FOR UPDATE`,
    );
    const blockers = accountDeletionBlockers(await openObligations(tx, userId));
    if (blockers.length > 0) throw conflict(`Your account cannot be closed yet: ${blockers.join('; ')}`);
    const events: PendingEvent[] = [];
    const closedListings = await queryRows<{ id: string; status: string }>(
      tx,
      sql`UPDATE listings SET deleted_at = now(), updated_at = now()
           WHERE user_id = ${userId} AND deleted_at IS NULL AND status IN ('active', 'draft')
       RETURNING id, status`,
    );
    for (const listing of closedListings.filter((row) => row.status === 'active')) {
      events.push(marketEvent('feedListingUpdated', [listingRoom(listing.id)], { listingId: listing.id }));
    }
    const leftGiveaways = await queryRows<{ listing_id: string }>(
      tx,
      sql`DELETE FROM giveaway_entries e USING listings l
           WHERE e.listing_id = l.id AND e.user_id = ${userId}
             AND l.listing_type = 'giveaway' AND l.status = 'active' AND l.deleted_at IS NULL
       RETURNING e.listing_id`,
    );
    for (const { listing_id: listingId } of leftGiveaways) {
      const [count] = await queryRows<{ entries: string | number }>(
        tx,
        sql`SELECT count(*) AS entries FROM giveaway_entries WHERE listing_id = ${listingId}`,
      );
      events.push(
        marketEvent('giveawayEntriesUpdated', [listingRoom(listingId)], {
          listingId,
          entries: Number(count?.entries ?? 0),
        }),
      );
    }
    await tx.execute(
      sql`UPDATE offers SET status = 'EXPIRED', updated_at = now()
           WHERE status = 'PENDING'
             AND (buyer_id = ${userId} OR listing_id IN (SELECT id FROM listings WHERE user_id = ${userId}))`,
    );
    await tx.execute(sql`DELETE FROM device_tokens WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM phone_verifications WHERE user_id = ${userId}`);
    await tx.execute(sql`UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = ${userId}`);
    return { firebaseId: user.firebase_id, events };
  });
  // Refused from the next request on, on this node at once (other nodes: the caller TTL).
  callerCacheOf(deps.db).forget(firebaseId);
  deps.events.publish(events);
}

/**
 * DELETE /user/guest/{id}: a guest leaves, like closing an account; only one's own, and only a
 * guest's (a registered account closes through DELETE /user/delete-account). The check runs
 * under the row lock, so a registration in between cannot be deleted as a guest.
 */
export async function deleteGuest(deps: MarketDeps, callerId: string, guestId: string): Promise<void> {
  if (guestId !== callerId) throw new HttpError(403, 'Only your own guest account can be deleted');
  await closeAccount(deps, callerId, (user) => {
    if (!user.is_guest) {
      throw conflict('This account is not a guest account; close it with DELETE /user/delete-account');
    }
  });
}

// ── Contact us ──

export async function sendContactMessage(db: Executor, userId: string | null, body: ContactUsBody) {
  const [row] = await queryRows<{ id: string; created_at: Date | string }>(
    db,
    sql`INSERT INTO contact_messages (user_id, name, email, subject, message)
        VALUES (${userId}, ${body.name}, ${body.email}, ${body.subject ?? null}, ${body.message})
        RETURNING id, created_at`,
  );
  return { id: row!.id, createdAt: isoOf(row!.created_at) };
}
