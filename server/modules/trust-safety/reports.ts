// Cases from what users send the moderators and support: listing reports, order issues, support
// requests and contact-us messages. Each is written by its own module, which calls these in the
// same transaction.
import { sql } from 'drizzle-orm';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { orders } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { openReviewCase } from './open-case.js';

const REPORT_REASONS: Record<string, string> = {
  nudity: 'Reported: nudity',
  harmful: 'Reported: harmful',
  scam: 'Reported: scam',
  other: 'Reported: other',
};

export async function reviewListingReport(
  tx: Executor,
  outbox: Outbox,
  report: { listingId: string; sellerId: string; reporterId: string; reportType: string; text: string | null },
): Promise<ReviewCase> {
  return openReviewCase(tx, outbox, {
    source: 'listingReport',
    subjectType: 'listing',
    subjectId: report.listingId,
    reason: REPORT_REASONS[report.reportType] ?? `Reported: ${report.reportType}`,
    excerpt: report.text ?? '',
    reporterId: report.reporterId,
    subjectUserId: report.sellerId,
    context: { reportType: report.reportType },
  });
}

/**
 * A support request: an order issue (`/customer-support/order-issue`, about one order of the
 * user's, its reason the issue option), or a general request about the user's account.
 */
export async function reviewSupportRequest(
  tx: Executor,
  outbox: Outbox,
  request: { id: string; userId: string; orderId: string | null; issue: string | null; message: string },
): Promise<ReviewCase> {
  if (request.orderId) {
    const [order] = await readRows(
      tx,
      sqlRow(orders, 'buyer_id', 'seller_id'),
      sql`SELECT buyer_id, seller_id FROM orders WHERE id = ${request.orderId}`,
    );
    // The case is about the other side of the order: the seller when the buyer writes.
    const other = order ? (order.buyer_id === request.userId ? order.seller_id : order.buyer_id) : null;
    return openReviewCase(tx, outbox, {
      source: 'orderIssue',
      subjectType: 'order',
      subjectId: request.orderId,
      reason: request.issue ?? 'Order issue',
      excerpt: request.message,
      reporterId: request.userId,
      subjectUserId: other,
    });
  }
  return openReviewCase(tx, outbox, {
    source: 'supportRequest',
    subjectType: 'user',
    subjectId: request.userId,
    reason: request.issue ?? 'Support request',
    excerpt: request.message,
    reporterId: request.userId,
    subjectUserId: request.userId,
  });
}

/** A contact-us message: about its signed-in sender, or about nothing known (one case per message). */
export async function reviewContactMessage(
  tx: Executor,
  outbox: Outbox,
  message: { id: string; userId: string | null; name: string; email: string; subject: string | null; body: string },
): Promise<ReviewCase> {
  return openReviewCase(tx, outbox, {
    source: 'contactMessage',
    subjectType: message.userId ? 'user' : 'none',
    subjectId: message.userId ?? message.id,
    reason: message.subject ? `Contact us: ${message.subject}` : 'Contact us',
    excerpt: `${message.name} <${message.email}>: ${message.body}`,
    reporterId: message.userId,
    subjectUserId: message.userId,
  });
}
