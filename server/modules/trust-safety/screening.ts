// The off-platform detector on what users write where others read it: chat messages, auction text
// messages, listing titles and descriptions. Flagged content is still delivered; what changes is
// that a case opens (payment handles are their own, higher-risk source).
import { sql } from 'drizzle-orm';
import type { ReviewCaseSource } from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { orders } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { openReviewCase } from './open-case.js';
import { detectOffPlatformContact, reviewSourceFor, type OffPlatformMatch } from './rules/off-platform-contact.js';

function sourceOf(matches: readonly OffPlatformMatch[]): ReviewCaseSource {
  return matches.some((m) => reviewSourceFor(m.kind) === 'paymentHandle') ? 'paymentHandle' : 'offPlatformContact';
}

function reasonOf(source: ReviewCaseSource, where: string, matches: readonly OffPlatformMatch[]): string {
  const kinds = [...new Set(matches.map((m) => m.kind))].join(', ');
  return `${source === 'paymentHandle' ? 'Payment handle' : 'Off-platform contact'} in ${where} (${kinds})`;
}

/** A chat tied to an order between its two users that is unpaid or not yet delivered. */
async function chatHasOpenOrder(db: Executor, chatId: string): Promise<boolean> {
  const [row] = await readRows(
    db,
    sqlRow(orders, 'id'),
    sql`SELECT o.id FROM chats c JOIN orders o
          ON (o.buyer_id = c.user_id AND o.seller_id = c.other_user_id)
          OR (o.buyer_id = c.other_user_id AND o.seller_id = c.user_id)
        WHERE c.id = ${chatId} AND o.deleted_at IS NULL AND o.status NOT IN ('SHIPPING_DELIVERED', 'cancelled')
        LIMIT 1`,
  );
  return row !== undefined;
}

/** One text through the detector: nothing when it finds nothing, else a case on its subject. */
async function screenText(
  tx: Executor,
  outbox: Outbox,
  text: string,
  subject: { type: 'chatMessage' | 'auctionMessage' | 'listing'; id: string; userId: string; what: string },
  context?: (source: ReturnType<typeof sourceOf>) => Promise<{ chatHasOpenOrder: boolean }>,
): Promise<void> {
  const { matches } = detectOffPlatformContact(text);
  if (matches.length === 0) return;
  const source = sourceOf(matches);
  await openReviewCase(tx, outbox, {
    source,
    subjectType: subject.type,
    subjectId: subject.id,
    reason: reasonOf(source, subject.what, matches),
    excerpt: text,
    matches,
    subjectUserId: subject.userId,
    ...(context ? { context: await context(source) } : {}),
  });
}

export function screenChatMessage(
  tx: Executor,
  outbox: Outbox,
  message: { id: string; chatId: string; senderId: string; text: string },
): Promise<void> {
  const subject = { type: 'chatMessage', id: message.id, userId: message.senderId, what: 'a chat message' } as const;
  // A payment handle in a chat tied to an unpaid or open order is what makes it urgent.
  return screenText(tx, outbox, message.text, subject, async (source) => ({
    chatHasOpenOrder: source === 'paymentHandle' && (await chatHasOpenOrder(tx, message.chatId)),
  }));
}

export function screenAuctionText(
  tx: Executor,
  outbox: Outbox,
  message: { id: string; authorId: string; text: string },
): Promise<void> {
  const subject = {
    type: 'auctionMessage',
    id: message.id,
    userId: message.authorId,
    what: 'an auction message',
  } as const;
  return screenText(tx, outbox, message.text, subject);
}

/** A listing's title and description as buyers read them (a draft is screened when it is published). */
export function screenListingText(
  tx: Executor,
  outbox: Outbox,
  listing: { id: string; sellerId: string; title: string; description: string },
): Promise<void> {
  const subject = { type: 'listing', id: listing.id, userId: listing.sellerId, what: 'a listing' } as const;
  return screenText(tx, outbox, `${listing.title}\n${listing.description}`, subject);
}
