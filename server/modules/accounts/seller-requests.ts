// Asking an admin to sell (`/user-requests`, a "user request") and where the caller
// stands as a seller (`GET /user/seller`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SellerRequest, SellerRequests, SellerStanding } from '../../../shared/contract/market/accounts.js';
import { freeText, withoutControlCharacters } from '../../../shared/contract/text.js';
import { sellerStatusOf } from '../../../shared/rules/seller-status.js';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { accountOf } from './account.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { sellerRequests, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

// The request's body stays beside its service: its link check needs the URL parser, which the
// shared contract (no DOM or Node library) does not have.
/** A profile link on the given site (its host or a subdomain of it), over https. */
const profileLink = (site: string | null) =>
  withoutControlCharacters(z.url({ protocol: /^https$/, error: 'must be an https link' }).max(500))
    .refine((link) => {
      // zod runs this even when the url check above failed: an unparsable link is refused there, not thrown here.
      if (site === null || !URL.canParse(link)) return true;
      const host = new URL(link).hostname;
      return host === site || host.endsWith(`.${site}`);
    }, `must be a link to ${site}`)
    .nullable()
    .default(null);

export const SellerRequestBody = z.strictObject({
  description: freeText().trim().min(1).max(2000),
  instagramLink: profileLink('instagram.com'),
  tikTokLink: profileLink('tiktok.com'),
  otherProfileLink: profileLink(null),
});
export type SellerRequestBody = z.infer<typeof SellerRequestBody>;

const SELLER_REQUEST_ROW = sqlRow(
  sellerRequests,
  'id',
  'description',
  'instagram_link',
  'tik_tok_link',
  'other_profile_link',
  'status',
  'created_at',
);
type SellerRequestRow = z.output<typeof SELLER_REQUEST_ROW>;

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
export async function requestToSell(
  deps: ServiceDeps,
  userId: string,
  body: SellerRequestBody,
): Promise<SellerRequest> {
  return deps.db.transaction(async (tx) => {
    // The user's row lock serializes two taps on "Send": the second sees the first's request.
    const [user] = await readRows(
      tx,
      sqlRow(users, 'seller_enabled'),
      sql`SELECT seller_enabled FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
    );
    if (!user) throw notFound('User');
    if (user.seller_enabled) throw conflict('You are already a seller');
    const [pending] = await readRows(
      tx,
      sqlRow(sellerRequests, 'id'),
      sql`SELECT id FROM seller_requests WHERE user_id = ${userId} AND status = 'PENDING'`,
    );
    if (pending) throw conflict('Your seller request is already waiting for an admin');
    const [row] = await readRows(
      tx,
      SELLER_REQUEST_ROW,
      sql`INSERT INTO seller_requests (user_id, description, instagram_link, tik_tok_link, other_profile_link)
          VALUES (${userId}, ${body.description}, ${body.instagramLink}, ${body.tikTokLink}, ${body.otherProfileLink})
          RETURNING id, description, instagram_link, tik_tok_link, other_profile_link, status, created_at`,
    );
    return sellerRequestOf(row!);
  });
}

export async function sellerRequestsOf(db: Executor, userId: string): Promise<z.output<typeof SellerRequests>> {
  const rows = await readRows(
    db,
    SELLER_REQUEST_ROW,
    sql`SELECT id, description, instagram_link, tik_tok_link, other_profile_link, status, created_at
          FROM seller_requests WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return { count: rows.length, items: rows.map(sellerRequestOf) };
}

/** Where the caller stands as a seller, in the admin's words, and what selling still needs. */
export async function sellerStandingOf(db: Executor, userId: string): Promise<z.output<typeof SellerStanding>> {
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
