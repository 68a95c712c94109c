// What the listings module tells the areas above it, inside the transaction of the change
// (platform/events/domain-hooks.ts): trust and safety screens what buyers read and takes reports.
import { transactionHook } from '../../platform/events/domain-hooks.js';

/** A listing buyers can read was created, published or changed: its text as they read it. */
export const listingTextShown = transactionHook<{ id: string; sellerId: string; title: string; description: string }>(
  'listingTextShown',
);

/** A user reported a listing (a new report, not one already open). */
export const listingReported = transactionHook<{
  listingId: string;
  sellerId: string;
  reporterId: string;
  reportType: string;
  text: string | null;
}>('listingReported');
