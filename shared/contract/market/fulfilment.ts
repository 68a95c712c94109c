// The buyer/seller API's fulfilment area: the seller's shipping manager, labels, carrier tracking
// updates, the shipping options and rate quotes, the address check, a user's shipping information
// and bulk shipping documents (what server/modules/fulfilment answers and accepts). The serializer
// checks every answer against its schema and drops fields a schema leaves out, so each names
// exactly what its service returns. The PDF of `GET /bulk-shipping/{id}/document` is bytes, not
// JSON: it has no schema here. The postal address itself is ../address.ts.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText, storedUrl } from '../answer-limits.js';
import { Address, id, isoDate, listResponse, usd } from '../entities.js';
import type { SHIPPING_MANAGER_SECTIONS } from '../enums.js';
import { FILE_STATUSES, LABEL_SIZES, MASS_UNITS, SHIPPING_TYPES } from '../enums.js';
import { DEFAULT_MASS_UNIT } from '../../rules/market-defaults.js';
import { nextOrderStatuses } from '../../rules/order-transitions.js';
import { singleLineText } from '../text.js';
import { SellerOrder } from './orders.js';

// The address check's body and answer are the postal address's (../address.ts).
export { AddressCheckBody, AddressValidation } from '../address.js';

const count = z.number().int().nonnegative();
const UserName = z.object({ id, userName: storedLine().nullable() });

/** The carrier services a seller can offer (the rate table prices each). */
export const SHIPPING_SERVICE_IDS = [
  'usps_ground_advantage',
  'usps_priority_mail',
  'usps_priority_mail_express',
] as const;
export type ShippingServiceId = (typeof SHIPPING_SERVICE_IDS)[number];

/** The most orders one bulk shipping document takes (two pages each). */
export const BULK_SHIPPING_MAX_ORDERS = 50;

// ── Requests ──

/** What a carrier scan may report: every status a parcel on its way can take (the transition table's). */
const CARRIER_REPORTS = nextOrderStatuses('SHIPPING_LABEL_PRINTED', 'carrier') as [string, ...string[]];
export const TrackingBody = z.strictObject({
  trackingCode: singleLineText().trim().min(1).max(64),
  status: z.enum(CARRIER_REPORTS),
});
export const LabelParams = z.object({ orderId: id, labelSize: z.enum(LABEL_SIZES) });

const zip = z
  .string()
  .trim()
  .max(10)
  .regex(/^\d{5}(-?\d{4})?$/, 'must be a US ZIP code (12345 or 12345-6789)');
const inches = z.number().min(0).max(200).default(0);
export const QuoteBody = z.strictObject({
  fromZip: zip,
  toZip: zip,
  weight: z.number().positive().max(2000),
  massUnit: z.enum(MASS_UNITS).default(DEFAULT_MASS_UNIT),
  length: inches,
  width: inches,
  height: inches,
  subCategoryId: id.optional(),
});

export const BulkShippingBody = z.strictObject({
  // Distinct ids: sending one twice is a client bug worth a 400, not a silent dedupe.
  orderIds: z
    .array(id)
    .min(1)
    .max(BULK_SHIPPING_MAX_ORDERS)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name the same order twice'),
  labelSize: z.enum(LABEL_SIZES),
});

// ── Shipping information, shipping manager ──

export const Addresses = listResponse(Address);

const ShippingManagerSection = listResponse(SellerOrder);
/** Each section's count is complete; its items stop at 100. */
export const ShippingManager = z.object({
  createLabel: ShippingManagerSection,
  markShipped: ShippingManagerSection,
  shipped: ShippingManagerSection,
  delivered: ShippingManagerSection,
} satisfies Record<(typeof SHIPPING_MANAGER_SECTIONS)[number], typeof ShippingManagerSection>);

// ── Shipping options, quotes ──

const shippingService = z.enum(SHIPPING_SERVICE_IDS);
const deliveryDays = z.object({ min: count, max: count });

export const ShippingOptions = z.object({
  services: z
    .array(
      z.object({
        service: shippingService,
        name: storedLine(),
        /** Business days, as the carrier advertises them. */
        deliveryDays,
        maxWeightOz: z.number().positive(),
        /** Longest side plus girth, in inches. */
        maxLengthPlusGirthIn: z.number().positive(),
      }),
    )
    .max(ANSWER_ITEMS_MAX),
  shippingTypes: z.array(z.enum(SHIPPING_TYPES)).max(ANSWER_ITEMS_MAX).readonly(),
  defaultShippingType: z.enum(SHIPPING_TYPES),
  labelSizes: z.array(z.enum(LABEL_SIZES)).max(ANSWER_ITEMS_MAX).readonly(),
  massUnits: z.array(z.enum(MASS_UNITS)).max(ANSWER_ITEMS_MAX).readonly(),
  defaultMassUnit: z.enum(MASS_UNITS),
  defaultPackageWeightOz: z.number().positive(),
  defaultMinPackageWeightOz: z.number().positive(),
  dimensionalWeight: z.object({ divisor: z.number().positive(), appliesAboveCubicInches: z.number().positive() }),
});

export const ShippingQuote = z.object({
  zone: z.number().int().min(1),
  actualWeightOz: z.number().nonnegative(),
  /** 0 when the parcel is one cubic foot or less (or a side is unknown). */
  dimensionalWeightOz: z.number().nonnegative(),
  minPackageWeightOz: z.number().nonnegative(),
  billableWeightOz: z.number().nonnegative(),
  /** Every service, cheapest first; one that refuses the parcel says why. */
  rates: z
    .array(
      z.discriminatedUnion('available', [
        z.object({
          service: shippingService,
          name: storedLine(),
          available: z.literal(true),
          amount: usd,
          deliveryDays,
        }),
        z.object({ service: shippingService, name: storedLine(), available: z.literal(false), reason: storedLine() }),
      ]),
    )
    .max(ANSWER_ITEMS_MAX),
});
export type ShippingQuote = z.output<typeof ShippingQuote>;
export type QuotedRate = ShippingQuote['rates'][number];

// ── Bulk shipping documents ──

const fileStatus = z.enum(FILE_STATUSES);
export const ShippingDocumentJob = z.object({
  id,
  fileStatus,
  labelSize: z.enum(LABEL_SIZES),
  /** Where the PDF downloads, once Generated. */
  url: storedUrl().nullable(),
  pageCount: count.nullable(),
  failureReason: storedText().nullable(),
  orders: z
    .array(
      z.object({
        orderId: id,
        title: storedLine(),
        fileStatus,
        failureReason: storedText().nullable(),
        /** The document opened at this order's label (`#page=N`). */
        url: storedUrl().nullable(),
      }),
    )
    .max(ANSWER_ITEMS_MAX),
  createdAt: isoDate,
  updatedAt: isoDate,
  generatedAt: isoDate.nullable(),
});
export type ShippingDocumentJob = z.output<typeof ShippingDocumentJob>;
export const ShippingDocumentJobs = listResponse(ShippingDocumentJob);

/** The orders a bulk document can take, by buyer: `count` buyers, `orders` orders in all. */
export const BulkShippable = z.object({
  count,
  orders: count,
  items: z
    .array(z.object({ buyer: UserName, orders: z.array(SellerOrder).max(ANSWER_ITEMS_MAX), count }))
    .max(ANSWER_ITEMS_MAX),
});
