// The admin API route table: every back-office call with its method, payload and answer. The server
// registers exactly these routes and the desktop client derives one typed method from each;
// paths are relative to {host}/v1 and use `:name` for parameters.
import { z } from 'zod';
import { EMAIL_MAX } from './answer-limits.js';
import { adminExportRoutes } from './admin-export-routes.js';
import { adminSearchRoutes } from './admin-search-routes.js';
import { adminMetricsRoutes } from './admin-metrics-routes.js';
import {
  AdminListing,
  AdminUser,
  epochMsDigits,
  SoldListing,
  Statistics,
  Subcategory,
  id,
  INTEGER_COLUMN_MAX,
  listResponse,
  usd,
} from './entities.js';
import { LISTING_TYPES, MASS_UNITS, REFUND_REASONS } from './enums.js';
import { listingVideo } from './listing-video.js';
import { listQuery, oneOrMore } from './list-query.js';
import { SELLER_LEVELS } from '../rules/seller-level.js';
import { freeText, singleLineText, withoutControlCharacters } from './text.js';
import { SELLER_FEE_MAX, SELLER_FEE_MIN } from '../rules/seller-fees.js';

import type { RouteDef } from './route-def.js';
import { reviewTeamRoutes } from './admin-review-team-routes.js';
import { reviewCaseRoutes } from './admin-review-routes.js';
import { accountabilityRoutes } from './admin-accountability-routes.js';
import { adminTeamRoutes } from './admin-team-routes.js';
import { adminRingRoutes } from './admin-ring-routes.js';
import { adminHoldRoutes } from './admin-hold-routes.js';
import { bidVoidRoutes } from './admin-bid-void-routes.js';
import { listingVersionRoutes } from './admin-listing-version-routes.js';
import { sellerDefectRoutes, sellerStandingRoutes } from './admin-seller-standing-routes.js';
import { adminBlockRoutes } from './admin-block-routes.js';
import { adminPolicyRoutes } from './admin-policy-routes.js';
import { adminDisputeRoutes } from './admin-dispute-routes.js';
import { contentModerationRoutes } from './admin-moderation-routes.js';
export type { HttpMethod, RouteDef } from './route-def.js';

const byId = z.strictObject({ id });
const empty = z.strictObject({});
const userName = singleLineText().trim().min(1).max(50);
const email = withoutControlCharacters(z.email().max(EMAIL_MAX));

export const UserPatchBody = z
  .strictObject({
    userName,
    email,
    sellerFee: z.number().int().min(SELLER_FEE_MIN).max(SELLER_FEE_MAX),
    sellerEnabled: z.boolean(),
    featured: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'at least one field is required');

/** "Whole listing minus bid": every editable field of the admin listing view. */
export const ListingPatchBody = z
  .strictObject({
    title: singleLineText().trim().min(1).max(200),
    description: freeText().max(5000),
    listingType: z.enum(LISTING_TYPES),
    inStock: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
    startingBid: usd.nullable(),
    featured: z.boolean(),
    endTime: epochMsDigits().nullable(),
    video: listingVideo().nullable(),
    massUnit: z.enum(MASS_UNITS),
    weight: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
    width: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
    height: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
    length: z.number().int().min(0).max(INTEGER_COLUMN_MAX),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'at least one field is required');
export type ListingPatchBody = z.infer<typeof ListingPatchBody>;

export const RefundBody = z.strictObject({
  amount: usd.refine((amount) => amount >= 0.01, 'must be at least 0.01'),
  refundReason: z.enum(REFUND_REASONS),
});
export type RefundBody = z.infer<typeof RefundBody>;

export const ExistsAnswer = z.object({ exists: z.boolean() });

export const adminRoutes = {
  // Users
  'users.list': {
    description: 'One page of the users, searchable by name or email, filtered by seller level and sortable.',
    method: 'GET',
    path: '/admin/users',
    query: listQuery('users').extend({ sellerLevel: oneOrMore(SELLER_LEVELS).optional() }),
    response: listResponse(AdminUser),
  },
  'users.checkUsername': {
    description: 'Whether a user name is already taken (before renaming a user).',
    method: 'POST',
    path: '/admin/users/check-username',
    body: z.strictObject({ userName }),
    response: ExistsAnswer,
  },
  'users.checkEmail': {
    description: 'Whether an email is already taken (before changing a user’s email).',
    method: 'POST',
    path: '/admin/users/check-email',
    body: z.strictObject({ email }),
    response: ExistsAnswer,
  },
  'users.get': {
    description: 'One user as the back office sees them: payout ids, strikes, seller state, addresses, enforcement.',
    method: 'GET',
    path: '/admin/users/:id',
    params: byId,
    response: AdminUser,
  },
  'users.update': {
    description: 'Changes any of a user’s name, email, seller fee, seller right and featured flag.',
    method: 'PATCH',
    path: '/admin/users/:id',
    params: byId,
    body: UserPatchBody,
    response: AdminUser,
  },
  'users.delete': {
    description: 'Deletes a user (soft delete): their account closes and their listings leave the market.',
    method: 'DELETE',
    path: '/admin/users/:id',
    params: byId,
    response: null,
  },
  'users.approveRequest': {
    description: 'Approves a pending seller request (the id is the request’s): the user may sell.',
    method: 'PATCH',
    path: '/admin/users/:id/approve',
    params: byId,
    body: empty.optional(),
    response: AdminUser,
  },
  'users.rejectRequest': {
    description: 'Rejects a pending seller request (the id is the request’s).',
    method: 'PATCH',
    path: '/admin/users/:id/reject',
    params: byId,
    body: empty.optional(),
    response: AdminUser,
  },
  'users.setSellerEnabled': {
    description: 'Enables or disables a user as a seller.',
    method: 'PATCH',
    path: '/admin/users/:id/enable-disable-seller',
    params: byId,
    body: z.strictObject({ sellerEnabled: z.boolean() }),
    response: AdminUser,
  },
  'users.setSellerFee': {
    description: 'Sets a seller’s fee, in whole percent.',
    method: 'PATCH',
    path: '/admin/users/:id/seller-fee',
    params: byId,
    body: z.strictObject({ sellerFee: z.number().int().min(SELLER_FEE_MIN).max(SELLER_FEE_MAX) }),
    response: AdminUser,
  },
  'users.setFeatured': {
    description: 'Features a user among the featured sellers, or stops featuring them.',
    method: 'PATCH',
    path: '/admin/users/:id/feature',
    params: byId,
    body: z.strictObject({ featured: z.boolean() }),
    response: AdminUser,
  },
  'users.setUserName': {
    description: 'Renames a user (409 when the name is taken).',
    method: 'PATCH',
    path: '/admin/users/:id/username',
    params: byId,
    body: z.strictObject({ userName }),
    response: AdminUser,
  },
  'users.setEmail': {
    description: 'Changes a user’s sign-in email (409 when it is taken).',
    method: 'PATCH',
    path: '/admin/users/:id/email',
    params: byId,
    body: z.strictObject({ email }),
    response: AdminUser,
  },

  // Statistics
  'statistics.get': {
    description:
      'The dashboard’s figures: users, unique bidders, and the sign-ups and new bidders of the last 24 hours.',
    method: 'GET',
    path: '/admin/statistics',
    response: Statistics,
  },

  // Listings
  'listings.active': {
    description: 'One page of the active listings, searchable and sortable.',
    method: 'GET',
    path: '/admin/listings/active',
    query: listQuery('activeListings'),
    response: listResponse(AdminListing),
  },
  'listings.get': {
    description: 'One active listing with its seller.',
    method: 'GET',
    path: '/admin/listings/active/:id',
    params: byId,
    response: AdminListing,
  },
  'listings.update': {
    description: 'Changes any editable field of a listing (everything but its bid).',
    method: 'PATCH',
    path: '/admin/listings/active/:id',
    params: byId,
    body: ListingPatchBody,
    response: AdminListing,
  },
  'listings.delete': {
    description: 'Deletes a listing (soft delete): it leaves the market and its auction stops.',
    method: 'DELETE',
    path: '/admin/listings/active/:id',
    params: byId,
    response: null,
  },
  'listings.setFeatured': {
    description: 'Features a listing, or stops featuring it.',
    method: 'PATCH',
    path: '/admin/listings/feature/:id',
    params: byId,
    body: z.strictObject({ featured: z.boolean() }),
    response: AdminListing,
  },
  'listings.sold': {
    description: 'One page of the sold listings (orders), searchable and sortable.',
    method: 'GET',
    path: '/admin/listings/sold',
    query: listQuery('soldListings'),
    response: listResponse(SoldListing),
  },
  'listings.soldGet': {
    description: 'One sold listing (order) with its buyer, seller and transactions.',
    method: 'GET',
    path: '/admin/listings/sold/:id',
    params: byId,
    response: SoldListing,
  },
  'orders.get': {
    description: 'One order with its transactions.',
    method: 'GET',
    path: '/admin/listings/order/:id',
    params: byId,
    response: SoldListing,
  },
  'orders.delete': {
    description: 'Deletes an order (soft delete).',
    method: 'DELETE',
    path: '/admin/listings/order/:id',
    params: byId,
    response: null,
  },
  'orders.cancel': {
    description: 'Cancels an order (refunding what was paid); the buyer and the seller are told.',
    method: 'PATCH',
    path: '/admin/listings/cancel-order/:id',
    params: byId,
    body: empty.optional(),
    response: SoldListing,
  },

  // Transactions and refunds
  'transactions.orderTransactions': {
    description: 'An order with its transactions (payments, refunds, payouts).',
    method: 'GET',
    path: '/admin/transactions/order-transactions/:id',
    params: byId,
    response: SoldListing,
  },
  'transactions.refundRemaining': {
    description: 'How much of an order may still be refunded, in USD.',
    method: 'GET',
    path: '/admin/transactions/order-refund-remaining/:id',
    params: byId,
    response: usd,
  },
  'transactions.refund': {
    description:
      'Refunds part or all of an order (at most what remains) with a reason; an Idempotency-Key header makes a retry safe.',
    method: 'POST',
    path: '/admin/transactions/order-refund/:id',
    params: byId,
    body: RefundBody,
    response: SoldListing,
  },

  // Subcategories
  'subcategories.list': {
    description: 'One page of the subcategories with their minimum package weight.',
    method: 'GET',
    path: '/admin/subCategory',
    query: listQuery('subcategories'),
    response: listResponse(Subcategory),
  },
  'subcategories.update': {
    description: 'Sets a subcategory’s minimum package weight, in ounces.',
    method: 'PATCH',
    path: '/admin/subCategory/:id',
    params: byId,
    body: z.strictObject({ minPackageWeightInOz: z.number().positive().max(100000) }),
    response: Subcategory,
  },

  ...contentModerationRoutes,
  ...reviewTeamRoutes,
  ...reviewCaseRoutes,
  ...accountabilityRoutes,
  ...adminExportRoutes,
  ...adminSearchRoutes,
  ...adminMetricsRoutes,
  ...adminTeamRoutes,
  ...adminRingRoutes,
  ...adminHoldRoutes,
  ...bidVoidRoutes,
  ...listingVersionRoutes,
  ...sellerStandingRoutes,
  ...sellerDefectRoutes,
  ...adminBlockRoutes,
  ...adminPolicyRoutes,
  ...adminDisputeRoutes,
} as const satisfies Record<string, RouteDef>;

export type AdminRoutes = typeof adminRoutes;
export type AdminRouteName = keyof AdminRoutes;

type Field<R, K extends string> = R extends Record<K, infer S> ? (S extends z.ZodType ? z.input<S> : never) : undefined;
/** What a caller sends for a route: its params, query and body, each only when the route has it. */
export type AdminRouteInput<N extends AdminRouteName> = {
  params: Field<AdminRoutes[N], 'params'>;
  query: Field<AdminRoutes[N], 'query'>;
  body: Field<AdminRoutes[N], 'body'>;
};
/** What a route answers with (undefined for 204). */
export type AdminRouteOutput<N extends AdminRouteName> = AdminRoutes[N]['response'] extends z.ZodType
  ? z.output<AdminRoutes[N]['response']>
  : undefined;

/** `/admin/users/:id` + `{id: 'u1'}` → `/admin/users/u1` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
