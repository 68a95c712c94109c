// The marketplace user behind a verified ID token: matched by firebaseId, linked by email to a
// row that has none yet (seeded or created by an admin) when the provider verified that email,
// or created on the first call. `users` is the accounts area's table: this file only reads it, and
// the linking and creating are the accounts area's, through the `MarketAccounts` port.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from './identity.js';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { users } from '../db/schema/index.js';
import { readRows, sqlRow } from '../db/sql-row.js';
import { HttpError } from '../http/errors.js';

/**
 * What resolving a caller asks of the accounts area, the owner of `users` (platform imports no
 * module: `accounts/market-accounts.ts` implements it, composition.ts wires it as
 * `Ports.marketAccounts`).
 */
export interface MarketAccounts {
  /** Gives `uid` to the live user with this email and no Firebase account yet; false when there is none. */
  linkVerifiedEmail(db: Db, uid: string, email: string): Promise<boolean>;
  /** Creates the user of `uid` (nothing when it exists already, e.g. made by a request at the same time). */
  createUser(db: Db, uid: string, email: string): Promise<void>;
}

export interface MarketUser {
  id: string;
  firebaseId: string;
  email: string;
  userName: string | null;
  admin: boolean;
}

/** The caller as resolved: the user, and whether an admin's suspension or ban is in effect. */
export interface ResolvedCaller extends MarketUser {
  /** Suspended or banned when read (`users.suspended_until` after now()). */
  suspended: boolean;
}

/** The row every lookup below reads (USER_COLUMNS): `suspended` is computed, null without an end. */
const USER_ROW = sqlRow(users, 'id', 'email', 'user_name', 'deleted_at').extend({ suspended: z.boolean().nullable() });
type UserRow = z.output<typeof USER_ROW>;
const USER_ID = sqlRow(users, 'id');
/** The columns every lookup below reads. */
const USER_COLUMNS = sql`id, email, user_name, deleted_at, suspended_until > now() AS suspended`;

export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account is suspended: you cannot use the marketplace while it lasts. Contact support for details.';

/** The refusal of a suspended or banned user, on every authenticated market route and in the bid and purchase paths. */
export function accountSuspended(): HttpError {
  return new HttpError(403, ACCOUNT_SUSPENDED_MESSAGE, 'accountSuspended');
}

/** Raised while resolving a suspended caller; the socket handshake tells it apart from a bad token. */
export class AccountSuspendedError extends Error {
  constructor() {
    super(ACCOUNT_SUSPENDED_MESSAGE);
    this.name = 'AccountSuspendedError';
  }
}

export class DeletedAccountError extends Error {}

/**
 * The token's email is not verified and a marketplace user without a Firebase account has it:
 * linking would hand that user's row (orders, addresses, history) to whoever signed up with the
 * address. The route answers 403 `code: emailNotVerified`.
 */
export class EmailNotVerifiedError extends Error {
  constructor() {
    super('Verify your email address, then sign in again: this email already belongs to a marketplace account.');
    this.name = 'EmailNotVerifiedError';
  }
}

export async function resolveMarketUser(
  db: Db,
  accounts: MarketAccounts,
  identity: VerifiedIdentity,
): Promise<ResolvedCaller> {
  const of = (row: UserRow): ResolvedCaller => {
    if (row.deleted_at !== null) throw new DeletedAccountError('This account was deleted');
    return {
      id: row.id,
      firebaseId: identity.uid,
      email: row.email,
      userName: row.user_name,
      admin: identity.admin,
      suspended: row.suspended === true,
    };
  };
  const [found] = await readRows(
    db,
    USER_ROW,
    sql`SELECT ${USER_COLUMNS} FROM users WHERE firebase_id = ${identity.uid}`,
  );
  if (found) return of(found);
  const email = identity.email ?? `${identity.uid}@users.market.invalid`;
  // Linked or created, the row is then read by the uid like any other.
  if (identity.emailVerified) {
    if (!(await accounts.linkVerifiedEmail(db, identity.uid, email)))
      await accounts.createUser(db, identity.uid, email);
  } else {
    // An unverified email is only a claim: it never takes over a row. A brand-new account
    // (nobody has the email) is still created below.
    const [unlinked] = await readRows(
      db,
      USER_ID,
      sql`SELECT id FROM users
          WHERE lower(email) = lower(${email}) AND firebase_id IS NULL AND deleted_at IS NULL LIMIT 1`,
    );
    if (unlinked) throw new EmailNotVerifiedError();
    await accounts.createUser(db, identity.uid, email);
  }
  const [created] = await readRows(
    db,
    USER_ROW,
    sql`SELECT ${USER_COLUMNS} FROM users WHERE firebase_id = ${identity.uid}`,
  );
  if (!created) throw new Error('user row missing after linking or creating it');
  return of(created);
}

/** How long a resolved caller is reused; a deletion or change through the admin API forgets it at once. */
export const CALLER_CACHE_TTL_MS = 5_000;
/** Callers remembered at most (one node); the oldest go first. */
export const CALLER_CACHE_MAX = 10_000;

interface CachedCaller {
  user: Omit<ResolvedCaller, 'admin'>;
  expiresAt: number;
}

/**
 * The caller behind a verified token, remembered for a few seconds per Firebase uid, so a busy
 * client's requests do not each spend a pooled connection on the same users row. Only a live
 * user is remembered (a deleted one is looked up, and refused, every time); the admin flag is
 * always the token's own. `forget` (the admin API's user deletion and changes) drops the entry
 * and makes any lookup already in flight not store what it read. Across nodes the bound is the
 * TTL, and two things do not wait for it: a deleted user's Firebase account is disabled, which
 * `verifyIdToken(token, true)` refuses on every node, and a bid checks the bidder's row under
 * the auction's lock (bidding.ts).
 */
export interface CallerCache {
  resolve(identity: VerifiedIdentity): Promise<ResolvedCaller>;
  /** Drops the caller with this Firebase uid (no-op for null). */
  forget(firebaseId: string | null): void;
  readonly size: number;
}

export function createCallerCache(
  db: Db,
  accounts: MarketAccounts,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): CallerCache {
  const ttlMs = options.ttlMs ?? CALLER_CACHE_TTL_MS;
  const max = options.max ?? CALLER_CACHE_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedCaller>();
  // Bumped by every `forget`: a lookup that started before stores nothing.
  let generation = 0;
  return {
    get size() {
      return entries.size;
    },
    async resolve(identity) {
      const cached = entries.get(identity.uid);
      if (cached && cached.expiresAt > now()) return { ...cached.user, admin: identity.admin };
      if (cached) entries.delete(identity.uid);
      const startedAt = generation;
      const user = await resolveMarketUser(db, accounts, identity);
      if (startedAt === generation) {
        if (entries.size >= max) entries.delete(entries.keys().next().value!);
        const { admin: _admin, ...rest } = user;
        entries.set(identity.uid, { user: rest, expiresAt: now() + ttlMs });
      }
      return user;
    },
    forget(firebaseId) {
      generation += 1;
      if (firebaseId !== null) entries.delete(firebaseId);
    },
  };
}

/** One cache per database pool (one node), shared by the market routes and the admin API. */
const callerCaches = new WeakMap<object, CallerCache>();

/** The pool's cache, made on first use with the node's one `MarketAccounts`. */
export function callerCacheOf(db: Db, accounts: MarketAccounts): CallerCache {
  let cache = callerCaches.get(db);
  if (!cache) {
    cache = createCallerCache(db, accounts);
    callerCaches.set(db, cache);
  }
  return cache;
}

/**
 * Forgets the caller with this Firebase uid on this pool's cache (no-op for null, or before any
 * caller was resolved: then nothing is remembered, and no lookup is in flight).
 */
export function forgetCaller(db: Db, firebaseId: string | null): void {
  callerCaches.get(db)?.forget(firebaseId);
}
