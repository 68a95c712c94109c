// The back office's users: the admin list and detail, changes under a logged row lock, seller
// request decisions and deletion. admin.ts answers the admin routes with these.
import { sql, type SQL } from 'drizzle-orm';
import { ActiveEnforcement, type AdminUser, type Address } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import type { SellerLevel } from '../../../shared/rules/seller-level.js';

/** The users list's query: the list's own, and the seller levels it is filtered to. */
type UsersQuery = ListQuery<'users'> & { sellerLevel?: SellerLevel[] | undefined };
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { listPage, withChildren, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import { inList } from '../../platform/db/list-sql.js';
import { isoOf, isoOrNull, usdOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { ADDRESS_ROW as SHIPPING_ADDRESS, addressOf } from './addresses.js';
import { forgetCaller } from '../../platform/auth/market-users.js';
import type { AdminDeps } from '../../platform/http/admin-handler.js';
import { emailTaken, userNameTaken } from './account.js';
import { PENDING_REQUEST_COLUMNS, pendingRequestOf } from './pending-request.js';
import { addresses, sellerRequests, userEnforcements, users } from '../../platform/db/schema/index.js';
import { leftJoined, readRows, sqlColumn, sqlRow, sqlTableRow } from '../../platform/db/sql-row.js';
import { z } from 'zod';

/** An address as `addresses.ts` maps it, with the user it belongs to (`SELECT *`). */
const ADDRESS_ROW = sqlTableRow(addresses);

/** The enforcement in effect, read with the user (enforcement.ts writes it). */
const ENFORCEMENT = leftJoined({
  // Only the kinds in effect: the SELECT's CASE picks a suspension or a ban.
  enforcement_action: ActiveEnforcement.shape.action,
  enforcement_reason: sqlColumn(userEnforcements, 'reason'),
  enforcement_until: sqlColumn(userEnforcements, 'until'),
});

const USER_ROW = sqlRow(
  users,
  'id',
  'firebase_id',
  'user_name',
  'email',
  'avatar',
  'created_at',
  'stripe_customer_id',
  'stripe_user_id',
  'payment_failed_strikes',
  'amount_spent_cents',
  'amount_sold_cents',
  'seller_enabled',
  'seller_fee',
  'featured',
  'country_code',
  'phone_number',
  'seller_level',
)
  // The latest pending seller request, joined as `request_*` (pending-request.ts reads it).
  .extend(PENDING_REQUEST_COLUMNS.shape)
  .extend(ENFORCEMENT.shape);
type UserRow = z.output<typeof USER_ROW>;

const SORT_KEYS: Record<ListQuery<'users'>['sortBy'] & string, SortColumn> = {
  userName: { column: sql`u.user_name` },
  email: { column: sql`u.email` },
  createdAt: { column: sql`u.created_at` },
  // Kept by seller standing (migration 0102); the levels' names sort in their order.
  sellerLevel: { column: sql`u.seller_level` },
};

/**
 * The enforcement row in effect on `u`: while suspended, the latest suspension or ban; else,
 * while selling is suspended, the latest selling suspension; else none.
 */
const ACTIVE_ENFORCEMENT = sql`
  SELECT ue.action, ue.reason FROM user_enforcements ue
  WHERE ue.user_id = u.id AND CASE
    WHEN u.suspended_until > now() THEN ue.action IN ('suspend', 'ban')
    WHEN u.selling_suspended_until > now() THEN ue.action = 'suspendSelling'
    ELSE false END
  ORDER BY ue.created_at DESC, ue.id DESC LIMIT 1`;

/** Users with their latest pending seller request; one statement whatever the page size. */
function selectUsers(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT u.id, u.firebase_id, u.user_name, u.email, u.avatar, u.created_at, u.stripe_customer_id,
           u.stripe_user_id, u.payment_failed_strikes, u.amount_spent_cents, u.amount_sold_cents,
           u.seller_enabled, u.seller_fee, u.featured, u.country_code, u.phone_number, u.seller_level,
           r.id AS request_id, r.description AS request_description, r.created_at AS request_created_at,
           r.instagram_link AS request_instagram_link, r.tik_tok_link AS request_tik_tok_link,
           r.other_profile_link AS request_other_profile_link,
           e.action AS enforcement_action, e.reason AS enforcement_reason,
           CASE WHEN e.action IN ('suspend', 'ban') THEN NULLIF(u.suspended_until, 'infinity')
                WHEN e.action = 'suspendSelling' THEN NULLIF(u.selling_suspended_until, 'infinity') END
             AS enforcement_until
    FROM users u
    LEFT JOIN LATERAL (
      SELECT * FROM seller_requests sr
      WHERE sr.user_id = u.id AND sr.status = 'PENDING'
      ORDER BY sr.created_at DESC LIMIT 1
    ) r ON true
    LEFT JOIN LATERAL (
      ${ACTIVE_ENFORCEMENT}
    ) e ON true
    ${where} ${tail}`;
}

/** The latest DEFAULT and latest RETURN_ADDRESS address of each user, in one lookup. */
async function shippingInfoOf(executor: Executor, userIds: string[]): Promise<Map<string, Address[]>> {
  const byUser = new Map<string, Address[]>();
  if (userIds.length === 0) return byUser;
  const rows = await readRows(
    executor,
    ADDRESS_ROW,
    sql`SELECT DISTINCT ON (user_id, type) *
        FROM addresses WHERE user_id IN ${inList(userIds)}
        ORDER BY user_id, type, created_at DESC`,
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(addressOf(row));
    byUser.set(row.user_id, list);
  }
  return byUser;
}

function toAdminUser(row: UserRow, shippingInfo: Address[]): AdminUser {
  return {
    id: row.id,
    userName: row.user_name,
    email: row.email,
    avatar: row.avatar,
    createdAt: isoOf(row.created_at),
    stripeCustomerId: row.stripe_customer_id,
    stripeUserId: row.stripe_user_id,
    paymentFailedStrikes: row.payment_failed_strikes,
    amountSpent: usdOf(row.amount_spent_cents),
    amountSold: usdOf(row.amount_sold_cents),
    sellerEnabled: row.seller_enabled,
    pendingRequest: pendingRequestOf(row),
    sellerFee: row.seller_fee,
    shippingInfo,
    featured: row.featured,
    countryCode: row.country_code,
    phoneNumber: row.phone_number,
    enforcement:
      row.enforcement_action === null
        ? null
        : {
            action: row.enforcement_action,
            reason: row.enforcement_reason ?? '',
            until: isoOrNull(row.enforcement_until),
          },
    // The blocks area's badge: the admin routes' answers get it from blocks' `withBlockedBadges`
    // (accounts does not read blocks, which reads accounts).
    blocked: null,
    sellerLevel: row.seller_level,
  };
}

async function findUserRow(executor: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await readRows(
    executor,
    USER_ROW,
    selectUsers(sql`WHERE u.id = ${id} AND u.deleted_at IS NULL`, sql``),
  );
  return row;
}

/** A user's row with their shipping info (as `shippingInfoOf` picks it), as JSON: `loadAdminUser`. */
const USER_WITH_SHIPPING_ROW = USER_ROW.extend({ shipping_info: z.array(SHIPPING_ADDRESS).nullable() });

/**
 * The admin view of one user; 404 when unknown or deleted. One statement, the addresses folded
 * in as JSON (their time as PostgreSQL's text, as the driver reads a column): the drawer's lookup
 * is the yardstick of every admin read, and a second round trip was a third of its time. It is
 * not prepared, though its text allows it: planning is most of its time in PostgreSQL (0.7 ms of
 * 0.8 at a million users), and prepared it became three times faster under load than every list,
 * whose p50 the contract holds within 3× of it (ARCHITECTURE.md, "The API's own cost").
 */
export async function loadAdminUser(executor: Executor, id: string): Promise<AdminUser> {
  const [row] = await readRows(
    executor,
    USER_WITH_SHIPPING_ROW,
    sql`SELECT u.*, (
          SELECT json_agg(json_build_object(
                   'id', a.id, 'first_name', a.first_name, 'last_name', a.last_name,
                   'address_line_one', a.address_line_one, 'address_line_two', a.address_line_two,
                   'city', a.city, 'state', a.state, 'zip_code', a.zip_code, 'country', a.country,
                   'country_code', a.country_code, 'phone_number', a.phone_number, 'type', a.type,
                   'created_at', a.created_at::text) ORDER BY a.type)
          FROM (SELECT DISTINCT ON (type) * FROM addresses
                WHERE user_id = u.id ORDER BY type, created_at DESC) a
        ) AS shipping_info
        FROM (${selectUsers(sql`WHERE u.id = ${id} AND u.deleted_at IS NULL`, sql``)}) u`,
  );
  if (!row) throw notFound('User');
  return toAdminUser(row, (row.shipping_info ?? []).map(addressOf));
}

/** A user as a list of accounts names them: who, since when, and the enforcement in effect. */
export type UserSummary = Pick<AdminUser, 'id' | 'userName' | 'email' | 'createdAt' | 'enforcement'>;

/** Several live users in one statement (a ring's members); unknown or deleted ones are left out. */
export async function loadUserSummaries(executor: Executor, ids: readonly string[]): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  const rows = await readRows(
    executor,
    USER_ROW,
    selectUsers(sql`WHERE u.id IN ${inList(ids)} AND u.deleted_at IS NULL`, sql``),
  );
  return rows.map((row) => {
    const { id, userName, email, createdAt, enforcement } = toAdminUser(row, []);
    return { id, userName, email, createdAt, enforcement };
  });
}

export interface UserChanges {
  userName?: string | undefined;
  email?: string | undefined;
  sellerFee?: number | undefined;
  sellerEnabled?: boolean | undefined;
  featured?: boolean | undefined;
}

type AdminIdentity = Parameters<typeof recordAdminAction>[1]['admin'];

/** Applies changes under a row lock, logs before → after, and keeps Firebase's email in step. */
export async function changeUser(
  { db, identity }: AdminDeps,
  id: string,
  changes: UserChanges,
  admin: AdminIdentity,
  action: string,
): Promise<AdminUser> {
  const { after, firebaseId, emailChanged } = await db.transaction(async (tx) => {
    const locked = await readRows(
      tx,
      sqlRow(users, 'firebase_id', 'email'),
      sql`SELECT firebase_id, email FROM users WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!locked[0]) throw notFound('User');
    const before = await loadAdminUser(tx, id);
    if (changes.userName !== undefined && (await userNameTaken(tx, changes.userName, id))) {
      throw conflict('Username already exists');
    }
    if (changes.email !== undefined && (await emailTaken(tx, changes.email, id))) {
      throw conflict('Email already exists');
    }
    const sets: SQL[] = [];
    if (changes.userName !== undefined) sets.push(sql`user_name = ${changes.userName}`);
    if (changes.email !== undefined) sets.push(sql`email = ${changes.email}`);
    if (changes.sellerFee !== undefined) sets.push(sql`seller_fee = ${changes.sellerFee}`);
    if (changes.sellerEnabled !== undefined) sets.push(sql`seller_enabled = ${changes.sellerEnabled}`);
    if (changes.featured !== undefined) sets.push(sql`featured = ${changes.featured}`);
    sets.push(sql`updated_at = now()`);
    await tx.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
    const after = await loadAdminUser(tx, id);
    await recordAdminAction(tx, { admin, action, recordType: 'user', recordId: id, before, after });
    return {
      after,
      firebaseId: locked[0].firebase_id,
      emailChanged: changes.email !== undefined && changes.email !== locked[0].email,
    };
  });
  // The market API's remembered caller shows the new name and email from the next request on.
  forgetCaller(db, firebaseId);
  if (emailChanged && firebaseId) await identity.updateEmail(firebaseId, after.email);
  return after;
}

/** Approves (selling enabled) or rejects a pending seller request, logged. */
export async function decideSellerRequest(
  db: Db,
  requestId: string,
  status: 'APPROVED' | 'REJECTED',
  admin: AdminIdentity,
) {
  return db.transaction(async (tx) => {
    const [request] = await readRows(
      tx,
      sqlRow(sellerRequests, 'user_id', 'status'),
      sql`SELECT user_id, status FROM seller_requests WHERE id = ${requestId} FOR UPDATE`,
    );
    if (!request) throw notFound('Seller request');
    if (request.status !== 'PENDING') throw conflict(`Seller request is already ${request.status}`);
    const before = await loadAdminUser(tx, request.user_id);
    await tx.execute(sql`UPDATE seller_requests SET status = ${status}, updated_at = now() WHERE id = ${requestId}`);
    if (status === 'APPROVED') {
      await tx.execute(sql`UPDATE users SET seller_enabled = true, updated_at = now() WHERE id = ${request.user_id}`);
    }
    const after = await loadAdminUser(tx, request.user_id);
    await recordAdminAction(tx, {
      admin,
      action: status === 'APPROVED' ? 'approveSellerRequest' : 'rejectSellerRequest',
      recordType: 'seller_request',
      recordId: requestId,
      before,
      after,
    });
    return after;
  });
}

/**
 * Name and email as one text, which migration 0071's index keeps lowered next to the default
 * order (`users_live_searched_text_idx`, the same expression): a common term's walk tests it index
 * only. A user may have no name; a term holds no newline, so it never matches across the two.
 */
const SEARCHED_TEXT = sql`coalesce(u.user_name, '') || E'\n' || u.email`;

/** The admin's users table: searched by name or email, sorted (paged or exported). */
export const adminUsersSource: AdminList<Omit<UsersQuery, 'page' | 'limit'>, UserRow, AdminUser> = {
  table: 'users',
  alias: 'u',
  condition: sql`u.deleted_at IS NULL`,
  filters: ({ sellerLevel }) => [sellerLevel ? sql`u.seller_level IN ${inList(sellerLevel)}` : null],
  search: { by: 'or', places: [{ text: 'user_name' }, { text: 'email' }], searchedText: SEARCHED_TEXT },
  sortKeys: SORT_KEYS,
  defaultSort: 'createdAt',
  total: 'users',
  select: selectUsers,
  row: USER_ROW,
  items: withChildren(shippingInfoOf, toAdminUser),
};

/** The admin's users table: searched by name or email, sorted, paged. */
export async function listAdminUsers(db: Db, query: UsersQuery): Promise<{ count: number; items: AdminUser[] }> {
  return listPage(db, adminUsersSource, query);
}

/** Deletes a user (soft, logged) and disables their sign-in. */
export async function deleteUser({ db, identity }: AdminDeps, id: string, admin: AdminIdentity): Promise<void> {
  const firebaseId = await db.transaction(async (tx) => {
    const row = await findUserRow(tx, id);
    if (!row) throw notFound('User');
    const before = await loadAdminUser(tx, id);
    await tx.execute(sql`UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = ${id}`);
    await recordAdminAction(tx, {
      admin,
      action: 'deleteUser',
      recordType: 'user',
      recordId: id,
      before,
      after: null,
    });
    return row.firebase_id;
  });
  // Refused from the next request on (this node at once; others on the disabled account).
  forgetCaller(db, firebaseId);
  if (firebaseId) await identity.disableAccount(firebaseId);
}
