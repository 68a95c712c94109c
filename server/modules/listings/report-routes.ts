// Reporting a listing to the moderators (the report stays here until trust and safety has a module).
import { ListingReport, ReportListingBody } from '../../../shared/contract/market/listings.js';
import type { MarketRouteContext } from '../../platform/http/market-route-context.js';
import { reportListing } from './listing-reports.js';

export async function reportRoutes({ r, deps, caller, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.post(
    '/listing/report',
    {
      schema: {
        tags: ['listings'],
        ...secured,
        body: ReportListingBody,
        response: { 201: ListingReport },
      },
    },
    async (request, reply) => reply.code(201).send(await reportListing(db, (await caller(request)).id, request.body)),
  );
}
