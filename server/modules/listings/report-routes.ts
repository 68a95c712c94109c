// Reporting a listing to the moderators: the report is kept here and opens (or joins) a review case.
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import { ListingReport, ReportListingBody } from '../../../shared/contract/market/listings.js';
import type { MarketRouteContext } from '../../platform/http/market-route-context.js';
import { reportListing } from './listing-reports.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';

export async function reportRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  r.post(
    '/listing/report',
    {
      schema: {
        description: 'Reports a listing (nudity, harmful, scam, other); it reaches the review queue.',
        tags: ['listings'],
        ...secured,
        body: ReportListingBody,
        // 404: the listing the body names does not exist.
        response: { 201: ListingReport, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const reporterId = request.caller.id;
      const report = await inUnitOfWork(deps, (tx, outbox) => reportListing(tx, reporterId, request.body, outbox));
      return reply.code(201).send(report);
    },
  );
}
