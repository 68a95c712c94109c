// What a seller prices and times a listing by: sold-price guidance, the share text, and an
// auction's end time (set, read, extend).
import { z } from 'zod';
import { ApiErrorBody, id } from '../../../shared/contract/entities.js';
import { ListingEndTime, ListingShare, PriceGuidance } from '../../../shared/contract/market/listings.js';
import { IdParams, type MarketRouteContext } from '../../platform/http/market-route-context.js';
import type { ListingPorts } from './ports.js';
import { nowOf } from '../../platform/services/service-deps.js';
import { incrementAuctionEndTime, listingEndTime, setListingEndTime } from './auction-schedule.js';
import { MAX_END_TIME_INCREMENT_MS, MIN_END_TIME_INCREMENT_MS } from './rules/auction-end-time.js';
import { shareListing } from './listing-share.js';
import { DEFAULT_PRICE_GUIDANCE_DAYS, MAX_PRICE_GUIDANCE_DAYS, priceGuidance } from './price-guidance.js';

const epochMs = z
  .union([
    z
      .string()
      .max(15)
      .regex(/^\d{1,15}$/),
    z.number().int().nonnegative(),
  ])
  .transform(Number);

export async function pricingRoutes({ r, deps, secured }: MarketRouteContext<ListingPorts>): Promise<void> {
  const { db } = deps;
  const tools = deps.listingTools;
  r.get(
    '/listing/listing-prices',
    {
      schema: {
        description: 'Price guidance: what similar listings sold for recently (minimum, median, maximum).',
        tags: ['listings'],
        ...secured,
        querystring: z.strictObject({
          subCategoryId: id,
          listingType: z.enum(['default', 'auction']),
          days: z.coerce.number().int().min(1).max(MAX_PRICE_GUIDANCE_DAYS).default(DEFAULT_PRICE_GUIDANCE_DAYS),
        }),
        response: { 200: PriceGuidance, 404: ApiErrorBody },
      },
    },
    async (request) => priceGuidance(db, request.query, nowOf(deps)),
  );
  r.get(
    '/listing/share/:id',
    {
      schema: {
        description: 'What to share about a listing: its link, title, price text and video.',
        tags: ['listings'],
        params: IdParams,
        response: { 200: ListingShare },
      },
    },
    async (request) => shareListing(db, tools.appLinkBaseUrl, request.params.id),
  );

  // ── End time ──
  r.get(
    '/listing/end-time/:id',
    {
      schema: {
        description: 'When a listing’s auction ends.',
        tags: ['listings'],
        params: IdParams,
        response: { 200: ListingEndTime },
      },
    },
    async (request) => listingEndTime(db, request.params.id),
  );
  r.put(
    '/listing/end-time/:id',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description:
          "Sets the end time (epoch ms) of the caller's draft auction or giveaway, or of their auction without bids: 1 hour to 14 days from now.",
        params: IdParams,
        body: z.strictObject({ endTime: epochMs }),
        response: { 200: ListingEndTime },
      },
    },
    async (request) => setListingEndTime(deps, request.caller.id, request.params.id, request.body.endTime),
  );
  r.patch(
    '/listing/:id/increment-time',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        description:
          "Extends the caller's running auction by 1 to 1440 minutes, ending at most 14 days from now (listingEndTimeIncremented).",
        params: IdParams,
        body: z.strictObject({
          minutes: z
            .number()
            .int()
            .min(MIN_END_TIME_INCREMENT_MS / 60_000)
            .max(MAX_END_TIME_INCREMENT_MS / 60_000),
        }),
        response: { 200: ListingEndTime },
      },
    },
    async (request) =>
      incrementAuctionEndTime(deps, request.caller.id, request.params.id, request.body.minutes * 60_000),
  );
}
