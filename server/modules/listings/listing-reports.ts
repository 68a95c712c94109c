// Reporting a listing (`POST /listing/report`) with one of the report types (REPORT_TYPES). A user has
// at most one open report per listing (409 on a second, also when two race: a unique index);
// a seller cannot report their own listing.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { listingReports } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { ListingReport, ReportListingBody } from '../../../shared/contract/market/listings.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, HttpError } from '../../platform/http/errors.js';
import { publicListing } from './listing-reads.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { listingReported } from './hooks.js';

export type ListingReportInput = ReportListingBody;

export async function reportListing(
  db: Executor,
  reporterId: string,
  input: ListingReportInput,
  outbox: Outbox,
): Promise<ListingReport> {
  const listing = await publicListing(db, input.listingId);
  if (listing.user_id === reporterId) throw new HttpError(403, 'You cannot report your own listing');
  const [row] = await readRows(
    db,
    sqlRow(listingReports, 'id', 'created_at'),
    sql`INSERT INTO listing_reports (listing_id, user_id, report_type, text)
        VALUES (${input.listingId}, ${reporterId}, ${input.reportType}, ${input.text ?? null})
        ON CONFLICT (listing_id, user_id) WHERE resolved_at IS NULL DO NOTHING
        RETURNING id, created_at`,
  );
  if (!row) throw conflict('You have already reported this listing; a moderator will review it');
  // Another user's report of the same listing joins its open case.
  await listingReported.fire(db, outbox, {
    listingId: input.listingId,
    sellerId: listing.user_id,
    reporterId,
    reportType: input.reportType,
    text: input.text ?? null,
  });
  return {
    id: row.id,
    listingId: input.listingId,
    reportType: input.reportType,
    text: input.text ?? null,
    status: 'open',
    createdAt: isoOf(row.created_at),
  };
}
