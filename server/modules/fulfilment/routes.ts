// Fulfilment's buyer/seller routes, registered in two groups where the API always listed them (the
// OpenAPI document keeps its order): `fulfilmentRoutes` (the user's shipping information, the
// seller's shipping manager, labels, marking shipped, carrier tracking) and `shippingToolRoutes`
// (shipping options, the address check, rate quotes, bulk shipping documents).
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Address, ApiErrorBody } from '../../../shared/contract/entities.js';
import { AddressBody, AddressCheckBody, AddressValidation } from '../../../shared/contract/address.js';
import type { OrderStatus } from '../../../shared/contract/enums.js';
import {
  Addresses,
  BulkShippable,
  BulkShippingBody,
  LabelParams,
  QuoteBody,
  ShippingDocumentJob,
  ShippingDocumentJobs,
  ShippingManager,
  ShippingOptions,
  ShippingQuote,
  TrackingBody,
} from '../../../shared/contract/market/fulfilment.js';
import { SellerOrder } from '../../../shared/contract/market/orders.js';
import { validateUsAddress } from '../../../shared/rules/us-address.js';
import { IdParams, type MarketRouteContext, StrictPaging } from '../../platform/http/market-route-context.js';
import type { FulfilmentPorts } from './ports.js';
import type { PaymentPorts } from '../payments/index.js';
import { addAddress, addressesOf } from '../accounts/index.js';
import { applyTrackingUpdate, generateShippingLabel, markShipped, shippingManager } from './fulfilment.js';
import { requestShippingDocuments } from './shipping-document-jobs.js';
import {
  bulkShippableBySeller,
  shippingDocument,
  shippingDocumentFile,
  shippingDocumentsOf,
} from './shipping-documents.js';
import { quoteShipping, shippingOptions } from './shipping-quotes.js';

/** The most bytes a file kept in the database (a bytea column) can have: 1 GB. */
const STORED_FILE_MAX_BYTES = 1_073_741_823;

export async function fulfilmentRoutes({
  r,
  deps,
  authenticateAdmin,
  secured,
}: MarketRouteContext<FulfilmentPorts & Pick<PaymentPorts, 'payments'>>) {
  const { db } = deps;

  r.get(
    '/user/shipping-info',
    {
      schema: {
        description: 'The caller’s saved addresses.',
        tags: ['user'],
        ...secured,
        response: { 200: Addresses },
      },
    },
    async (request) => addressesOf(db, request.caller.id),
  );
  r.post(
    '/user/shipping-info',
    {
      schema: {
        description: 'Adds a shipping address for the caller.',
        tags: ['user'],
        ...secured,
        body: AddressBody,
        response: { 201: Address },
      },
    },
    async (request, reply) => reply.code(201).send(await addAddress(db, request.caller.id, request.body)),
  );
  for (const path of ['/order-group', '/order/shipping-manager']) {
    const description =
      'The caller’s sales grouped for shipping: label to create, to mark shipped, shipped, delivered.';
    r.get(
      path,
      { schema: { tags: ['orders'], description, ...secured, response: { 200: ShippingManager } } },
      async (request) => shippingManager(db, request.caller.id),
    );
  }
  r.post(
    '/order-group/generate-shipping-label/:orderId/:labelSize',
    {
      schema: {
        description: 'Creates the shipping label of one of the caller’s sales (503 without a label provider).',
        tags: ['orders'],
        ...secured,
        params: LabelParams,
        response: { 200: SellerOrder, 503: ApiErrorBody },
      },
    },
    async (request) => generateShippingLabel(deps, request.params.orderId, request.caller.id, request.params.labelSize),
  );
  r.patch(
    '/order/:id/mark-shipped',
    {
      schema: {
        description: 'Marks one of the caller’s sales as shipped.',
        tags: ['orders'],
        ...secured,
        params: IdParams,
        response: { 200: SellerOrder },
      },
    },
    async (request) => markShipped(deps, request.params.id, request.caller.id),
  );
  // The carrier's stand-in: an admin, with no marketplace account made for them.
  r.post(
    '/shipping/tracking',
    {
      onRequest: authenticateAdmin,
      schema: {
        description: 'A carrier’s tracking update for a parcel (admins only: the carrier’s stand-in).',
        tags: ['shipping'],
        ...secured,
        body: TrackingBody,
        response: { 200: SellerOrder, 404: ApiErrorBody },
      },
    },
    async (request) => applyTrackingUpdate(deps, request.body.trackingCode, request.body.status as OrderStatus),
  );
}

export async function shippingToolRoutes({ r, deps, secured }: MarketRouteContext<FulfilmentPorts>) {
  const { db } = deps;

  // ── Shipping options, address check, quotes ──
  r.get(
    '/shipping',
    {
      schema: {
        description: 'The shipping options: mass units, package weights, label sizes, shipping types.',
        tags: ['shipping'],
        response: { 200: ShippingOptions },
      },
    },
    async () => shippingOptions(deps),
  );
  r.post(
    '/shipping/validate-address',
    {
      schema: {
        description: 'Checks a US postal address and says what is wrong with it.',
        tags: ['shipping'],
        ...secured,
        body: AddressCheckBody,
        response: { 200: AddressValidation },
      },
    },
    async (request) => validateUsAddress(request.body),
  );
  r.post(
    '/shipping/quote',
    {
      schema: {
        description: 'Quotes shipping for a parcel between two ZIP codes.',
        tags: ['shipping'],
        ...secured,
        body: QuoteBody,
        response: { 200: ShippingQuote, 404: ApiErrorBody, 503: ApiErrorBody },
      },
    },
    async (request) => quoteShipping(deps, request.body),
  );

  // ── Bulk shipping documents ──
  r.post(
    '/bulk-shipping',
    {
      schema: {
        description:
          'Starts generating one PDF of shipping labels and packing slips for several orders (202: it runs in the background).',
        tags: ['shipping'],
        ...secured,
        body: BulkShippingBody,
        response: { 202: ShippingDocumentJob, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { job, done } = await requestShippingDocuments(deps, request.caller.id, request.body);
      // The job runs after the answer; it records its own failure, so nothing is left to catch.
      done.catch((error: unknown) => request.log.error({ err: error }, 'bulk shipping documents failed'));
      return reply.code(202).send(job);
    },
  );
  r.get(
    '/bulk-shipping',
    {
      schema: {
        description: 'One page of the caller’s bulk shipping documents.',
        tags: ['shipping'],
        ...secured,
        querystring: StrictPaging,
        response: { 200: ShippingDocumentJobs },
      },
    },
    async (request) => shippingDocumentsOf(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.get(
    '/bulk-shipping/by-seller',
    {
      schema: {
        description: 'The caller’s orders that can go into a bulk shipping document.',
        tags: ['shipping'],
        ...secured,
        response: { 200: BulkShippable },
      },
    },
    async (request) => bulkShippableBySeller(db, request.caller.id),
  );
  r.get(
    '/bulk-shipping/:id',
    {
      schema: {
        description: 'One bulk shipping document and its status.',
        tags: ['shipping'],
        ...secured,
        params: IdParams,
        response: { 200: ShippingDocumentJob },
      },
    },
    async (request) => shippingDocument(db, request.params.id, request.caller.id),
  );
  r.get(
    '/bulk-shipping/:id/document',
    {
      schema: {
        description: 'The PDF of a generated bulk shipping document (409 while it is still being generated).',
        tags: ['shipping'],
        ...secured,
        params: IdParams,
        response: {
          200: {
            description: 'The PDF.',
            // Bounded by where the bytes live: a PostgreSQL bytea holds at most 1 GB.
            content: { 'application/pdf': { schema: z.string().max(STORED_FILE_MAX_BYTES).describe('The PDF file') } },
          },
          409: ApiErrorBody,
        },
      },
    },
    async (request, typedReply) => {
      const file = await shippingDocumentFile(db, request.params.id, request.caller.id);
      // The PDF's bytes: Fastify writes a Buffer as it is, never through the 200's schema, which
      // is there for the document (typed by it, `send` would take a string only).
      const reply: FastifyReply = typedReply;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="shipping-documents-${request.params.id}.pdf"`)
        .send(file);
    },
  );
}
