// Order history, reviews, shipping options, address checks and quotes, bulk shipping documents,
// and the notification, bid and chat reads of section 7 not in index.ts. Services: order-history.ts,
// reviews.ts, shipping-quotes.ts, shipping-documents.ts, notifications.ts, bid-history.ts.
import { z } from 'zod';
import { id } from '../../../shared/contract/entities.js';
import { singleLineText } from '../../../shared/contract/text.js';
import { LABEL_SIZES, MASS_UNITS, NOTIFICATION_TYPES } from '../../../shared/contract/enums.js';
import { DEFAULT_MASS_UNIT } from '../../../shared/rules/constants.js';
import { ORDER_STATUS_FAMILIES } from '../../../shared/rules/order-status-family.js';
import { HttpError } from '../../platform/http/errors.js';
import { uniqueBidAuctions } from '../auctions/bid-history.js';
import { userChats } from '../conversations/chat.js';
import { markReadByTypes, sendNewMessageNotification, unreadCountsByType } from '../community/notifications.js';
import { orderHistory, publicOrderHistory, sellerOrder } from './order-history.js';
import { pendingReviews, skipReviews } from '../community/reviews.js';
import {
  BULK_SHIPPING_MAX_ORDERS,
  bulkShippableBySeller,
  requestShippingDocuments,
  shippingDocument,
  shippingDocumentFile,
  shippingDocumentsOf,
} from '../fulfilment/shipping-documents.js';
import { quoteShipping, shippingOptions } from '../fulfilment/shipping-quotes.js';
import { validateUsAddress } from '../fulfilment/rules/us-address.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import {
  AddressValidation,
  BulkShippable,
  NewMessageNotification,
  NotificationsMarkedByTypes,
  OrderHistory,
  PendingReviews,
  PublicOrders,
  ShippingDocumentJob,
  ShippingDocumentJobs,
  ShippingOptions,
  ShippingQuote,
  SkippedReviews,
  UniqueBidAuctions,
  UnreadCountsByType,
} from './history-responses.js';
import { Chats, SellerOrder } from '../../market-responses.js';

/** Paging that refuses unknown query parameters (a typo'd filter must not silently list everything). */
const StrictPaging = z.strictObject(Paging.shape);
const UserIdParams = z.object({ userId: id });

/** A list of distinct ids: sending one twice is a client bug worth a 400, not a silent dedupe. */
const distinctIds = (max: number, what: string) =>
  z
    .array(id)
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, `must not name the same ${what} twice`);

const OrderHistoryQuery = z.strictObject({
  ...Paging.shape,
  role: z.enum(['buyer', 'seller']).optional(),
  statusFamily: z.enum(ORDER_STATUS_FAMILIES).optional(),
});

const zip = z
  .string()
  .trim()
  .regex(/^\d{5}(-?\d{4})?$/, 'must be a US ZIP code (12345 or 12345-6789)');
const inches = z.number().min(0).max(200).default(0);
const QuoteBody = z.strictObject({
  fromZip: zip,
  toZip: zip,
  weight: z.number().positive().max(2000),
  massUnit: z.enum(MASS_UNITS).default(DEFAULT_MASS_UNIT),
  length: inches,
  width: inches,
  height: inches,
  subCategoryId: id.optional(),
});

// Every field optional on purpose: a missing one is a field error in the answer (the app shows it
// beside the field), while a wrong type or an unknown field is still a 400.
const field = singleLineText().max(200).optional();
const AddressCheckBody = z.strictObject({
  firstName: field,
  lastName: field,
  addressLineOne: field,
  addressLineTwo: singleLineText().max(200).nullable().optional(),
  city: field,
  state: field,
  zipCode: field,
  country: field,
});

const BulkShippingBody = z.strictObject({
  orderIds: distinctIds(BULK_SHIPPING_MAX_ORDERS, 'order'),
  labelSize: z.enum(LABEL_SIZES),
});

const NotificationTypesBody = z.strictObject({
  types: z
    .array(z.enum(NOTIFICATION_TYPES))
    .min(1)
    .refine((types) => new Set(types).size === types.length, 'must not name the same type twice'),
});

export async function orderHistoryRoutes({ r, deps, authenticate, caller, secured }: MarketRouteContext) {
  const { db } = deps;

  // ── Orders and reviews ──
  r.get(
    '/order',
    {
      onRequest: authenticate,
      schema: { tags: ['orders'], ...secured, querystring: OrderHistoryQuery, response: { 200: OrderHistory } },
    },
    async (request) => orderHistory(db, (await caller(request)).id, request.query),
  );
  r.get(
    '/order/pending-reviews',
    {
      onRequest: authenticate,
      schema: { tags: ['ratings'], ...secured, querystring: StrictPaging, response: { 200: PendingReviews } },
    },
    async (request) => pendingReviews(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.post(
    '/order/skip-reviews',
    {
      onRequest: authenticate,
      schema: {
        tags: ['ratings'],
        ...secured,
        body: z.strictObject({ orderIds: distinctIds(100, 'order') }),
        response: { 200: SkippedReviews },
      },
    },
    async (request) => skipReviews(deps, (await caller(request)).id, request.body.orderIds),
  );
  for (const side of ['purchased', 'sold'] as const) {
    r.get(
      `/order/${side}-orders/:userId`,
      {
        schema: {
          tags: ['orders'],
          params: UserIdParams,
          querystring: StrictPaging,
          response: { 200: PublicOrders },
        },
      },
      async (request) => publicOrderHistory(db, request.params.userId, side, request.query.page, request.query.limit),
    );
  }
  r.get(
    '/order/seller/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['orders'], ...secured, params: IdParams, response: { 200: SellerOrder } },
    },
    async (request) => sellerOrder(db, request.params.id, (await caller(request)).id),
  );

  // ── Shipping options, address check, quotes ──
  r.get('/shipping', { schema: { tags: ['shipping'], response: { 200: ShippingOptions } } }, async () =>
    shippingOptions(deps),
  );
  r.post(
    '/shipping/validate-address',
    {
      onRequest: authenticate,
      schema: { tags: ['shipping'], ...secured, body: AddressCheckBody, response: { 200: AddressValidation } },
    },
    async (request) => validateUsAddress(request.body),
  );
  r.post(
    '/shipping/quote',
    {
      onRequest: authenticate,
      schema: { tags: ['shipping'], ...secured, body: QuoteBody, response: { 200: ShippingQuote } },
    },
    async (request) => quoteShipping(deps, request.body),
  );

  // ── Bulk shipping documents ──
  r.post(
    '/bulk-shipping',
    {
      onRequest: authenticate,
      schema: { tags: ['shipping'], ...secured, body: BulkShippingBody, response: { 202: ShippingDocumentJob } },
    },
    async (request, reply) => {
      const { job, done } = await requestShippingDocuments(deps, (await caller(request)).id, request.body);
      // The job runs after the answer; it records its own failure, so nothing is left to catch.
      done.catch((error: unknown) => request.log.error({ err: error }, 'bulk shipping documents failed'));
      return reply.code(202).send(job);
    },
  );
  r.get(
    '/bulk-shipping',
    {
      onRequest: authenticate,
      schema: { tags: ['shipping'], ...secured, querystring: StrictPaging, response: { 200: ShippingDocumentJobs } },
    },
    async (request) => shippingDocumentsOf(db, (await caller(request)).id, request.query.page, request.query.limit),
  );
  r.get(
    '/bulk-shipping/by-seller',
    { onRequest: authenticate, schema: { tags: ['shipping'], ...secured, response: { 200: BulkShippable } } },
    async (request) => bulkShippableBySeller(db, (await caller(request)).id),
  );
  r.get(
    '/bulk-shipping/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['shipping'], ...secured, params: IdParams, response: { 200: ShippingDocumentJob } },
    },
    async (request) => shippingDocument(db, request.params.id, (await caller(request)).id),
  );
  r.get(
    '/bulk-shipping/:id/document',
    { onRequest: authenticate, schema: { tags: ['shipping'], ...secured, params: IdParams } },
    async (request, reply) => {
      const file = await shippingDocumentFile(db, request.params.id, (await caller(request)).id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="shipping-documents-${request.params.id}.pdf"`)
        .send(file);
    },
  );

  // ── Notifications ──
  r.get(
    '/notifications/count-by-types',
    {
      onRequest: authenticate,
      schema: { tags: ['notifications'], ...secured, response: { 200: UnreadCountsByType } },
    },
    async (request) => unreadCountsByType(db, (await caller(request)).id),
  );
  r.patch(
    '/notifications/mark-as-read-by-types',
    {
      onRequest: authenticate,
      schema: {
        tags: ['notifications'],
        ...secured,
        body: NotificationTypesBody,
        response: { 200: NotificationsMarkedByTypes },
      },
    },
    async (request) => markReadByTypes(db, (await caller(request)).id, request.body.types),
  );
  r.post(
    '/notifications/send-new-message-notification',
    {
      onRequest: authenticate,
      schema: {
        tags: ['notifications'],
        ...secured,
        body: z.strictObject({ chatId: id }),
        response: { 200: NewMessageNotification, 201: NewMessageNotification },
      },
    },
    async (request, reply) => {
      const { created, notification } = await sendNewMessageNotification(
        deps,
        (await caller(request)).id,
        request.body.chatId,
      );
      return reply.code(created ? 201 : 200).send(notification);
    },
  );

  // ── Bids and chats of one user ──
  r.get(
    '/bid/user/unique/:id',
    { schema: { tags: ['bids'], params: IdParams, querystring: StrictPaging, response: { 200: UniqueBidAuctions } } },
    async (request) => uniqueBidAuctions(db, request.params.id, request.query.page, request.query.limit),
  );
  r.get(
    '/chat/user-chats/:id',
    {
      onRequest: authenticate,
      schema: { tags: ['chat'], ...secured, params: IdParams, querystring: Paging, response: { 200: Chats } },
    },
    async (request) => {
      const user = await caller(request);
      if (user.id !== request.params.id) throw new HttpError(403, 'Only the user themself may read their chats');
      return userChats(db, user.id, request.query.page, request.query.limit);
    },
  );
}
