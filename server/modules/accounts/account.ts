// The signed-in user's own account: the User shape, registration, profile changes,
// guests, name checks, and what anybody may see of a user. Selling, devices, closing the account
// and contact-us have modules of their own beside this one.
import { sql, type SQL } from 'drizzle-orm';
import type {
  AccountUser,
  ProfileBody,
  PublicProfile,
  RegisterBody,
} from '../../../shared/contract/market/accounts.js';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { isViolationOf } from '../../platform/db/unique-violation.js';
import { isoOf, usdOf } from '../../platform/db/values.js';
import { conflict, HttpError, notFound } from '../../platform/http/errors.js';
import { currentAddress } from './addresses.js';
import { userRenamed } from './hooks.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { identityStatusOfUser } from './identity-status.js';
import { forgetCaller } from '../../platform/auth/market-users.js';
import { PENDING_REQUEST_COLUMNS, pendingRequestOf } from './pending-request.js';
import { users } from '../../platform/db/schema/index.js';
import { countValue, numericValue, readRows, sqlRow } from '../../platform/db/sql-row.js';

// ── Shapes ──

// ── Reading a user ──

/** A seller's ratings: avg(rate) (numeric, null with none) and count(*). */
const RATINGS_COLUMNS = z.object({ avg_rate: numericValue.nullable(), total_ratings: countValue });

/** The row of `selectAccount`: the user, figures computed from other tables, and the pending request. */
const ACCOUNT_ROW = sqlRow(
  users,
  'id',
  'firebase_id',
  'email',
  'user_name',
  'first_name',
  'last_name',
  'avatar',
  'timezone',
  'country_code',
  'phone_number',
  'phone_verified_at',
  'stripe_customer_id',
  'stripe_user_id',
  'seller_enabled',
  'seller_fee',
  'profile_description',
  'accepted_terms_at',
  'is_guest',
  'created_at',
)
  .extend(RATINGS_COLUMNS.shape)
  /** coalesce(sum(bid_cents), 0): numeric; count(*): bigint. */
  .extend({ bid_cents: numericValue, badge_count: countValue })
  .extend(PENDING_REQUEST_COLUMNS.shape);

const PUBLIC_PROFILE_ROW = sqlRow(
  users,
  'id',
  'user_name',
  'avatar',
  'profile_description',
  'seller_enabled',
  'created_at',
).extend(RATINGS_COLUMNS.shape);

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
  const [row] = await readRows(db, ACCOUNT_ROW, selectAccount(where));
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
    pendingRequest: pendingRequestOf(row),
    badgeCount: Number(row.badge_count),
    createdAt: isoOf(row.created_at),
  };
}

/** The caller's own account (the User shape). */
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
  const [row] = await readRows(
    db,
    PUBLIC_PROFILE_ROW,
    sql`SELECT u.id, u.user_name, u.avatar, u.profile_description, u.seller_enabled, u.created_at,
               r.avg_rate, r.total_ratings
          FROM users u
          CROSS JOIN LATERAL (SELECT avg(rate) AS avg_rate, count(*) AS total_ratings FROM ratings
                               WHERE seller_id = u.id AND deleted_at IS NULL) r
         WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
  );
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

/** Whether a name or an email is taken: `SELECT EXISTS (…) AS taken`. */
const TAKEN_ROW = z.object({ taken: z.boolean() });

/** Whether another live user has this name (case-insensitively): the caller's own name is free. */
export async function userNameTaken(db: Executor, userName: string, exceptUserId: string | null): Promise<boolean> {
  const [row] = await readRows(
    db,
    TAKEN_ROW,
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE lower(user_name) = lower(${userName}) AND deleted_at IS NULL
          AND id IS DISTINCT FROM ${exceptUserId}) AS taken`,
  );
  return row!.taken;
}

/** Whether another user (not `exceptUserId`: the admin changing a user's own email) has the email. */
export async function emailTaken(db: Executor, email: string, exceptUserId: string | null = null): Promise<boolean> {
  const [row] = await readRows(
    db,
    TAKEN_ROW,
    sql`SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower(${email}) AND deleted_at IS NULL
          AND id IS DISTINCT FROM ${exceptUserId}) AS taken`,
  );
  return row!.taken;
}

const LOCKED_USER_ROW = sqlRow(users, 'firebase_id', 'user_name', 'accepted_terms_at', 'is_guest');
export type LockedUser = z.output<typeof LOCKED_USER_ROW>;

export async function lockedUser(tx: Executor, userId: string): Promise<LockedUser> {
  const [row] = await readRows(
    tx,
    LOCKED_USER_ROW,
    sql`SELECT firebase_id, user_name, accepted_terms_at, is_guest FROM users
          WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!row) throw notFound('User');
  return row;
}

async function writeProfile(
  deps: ServiceDeps,
  userId: string,
  sets: SQL[],
  userName: string | undefined,
  check?: (row: LockedUser) => void,
): Promise<AccountUser> {
  let firebaseId: string | null = null;
  try {
    const account = await inUnitOfWork(deps, async (tx, outbox) => {
      const row = await lockedUser(tx, userId);
      check?.(row);
      firebaseId = row.firebase_id;
      if (userName !== undefined && (await userNameTaken(tx, userName, userId))) {
        throw conflict('Username already exists');
      }
      await tx.execute(
        sql`UPDATE users SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} WHERE id = ${userId}`,
      );
      const renamed = userName !== undefined && userName !== row.user_name;
      const account = await accountOf(tx, userId);
      if (renamed) await userRenamed.fire(tx, outbox, { userId });
      return account;
    });
    // /user/my-details answers from the remembered caller: it shows the new name from now on.
    forgetCaller(deps.db, firebaseId);
    return account;
  } catch (error) {
    // The unique index on names caught a rename racing this one.
    if (isViolationOf(error, 'users_user_name_key')) throw conflict('Username already exists');
    throw error;
  }
}

/** Registration completes the account the first signed-in call made: a name, a person, the terms. */
export async function registerAccount(deps: ServiceDeps, userId: string, body: RegisterBody): Promise<AccountUser> {
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

export async function updateProfile(deps: ServiceDeps, userId: string, body: ProfileBody): Promise<AccountUser> {
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
export async function becomeGuest(deps: ServiceDeps, userId: string): Promise<AccountUser> {
  return writeProfile(deps, userId, [sql`is_guest = true`], undefined, (row) => {
    if (row.accepted_terms_at !== null) throw conflict('A registered account cannot become a guest');
    if (row.is_guest) throw conflict('This account is already a guest');
  });
}
