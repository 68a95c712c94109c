// The buyer/seller API's community area: ratings, following, notifications, customer support and
// "Contact us" (what server/modules/community answers and accepts).
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText } from '../answer-limits.js';
import { id, isoDate, listResponse, ProfileRef } from '../entities.js';
import { NOTIFICATION_TYPES } from '../enums.js';
import { freeText, singleLineText, withoutControlCharacters } from '../text.js';

const count = z.number().int().nonnegative();
/** A message a person types: trimmed, non-empty, at most `max` characters, line breaks allowed. */
const typed = (max: number) => freeText().trim().min(1).max(max);

// ── Ratings ──

export const RateBody = z.strictObject({
  orderId: id,
  rate: z.number().int().min(1).max(5),
  experience: freeText().max(2000).optional(),
});

export const GivenRating = z.object({
  id,
  orderId: id,
  sellerId: id,
  rate: z.number().int().min(1).max(5),
  experience: storedText().nullable(),
  createdAt: isoDate,
});
export const SellerRatings = z.object({
  /** Two decimals; null before the first rating. */
  avgRate: z.number().nullable(),
  totalRatings: count,
  count,
  items: z
    .array(
      z.object({
        id,
        orderId: id.nullable(),
        /** null when the buyer's account was deleted. */
        buyerId: id.nullable(),
        rate: z.number().int().min(1).max(5).nullable(),
        experience: storedText().nullable(),
        createdAt: isoDate,
      }),
    )
    .max(ANSWER_ITEMS_MAX),
});

// ── Following ──

export const FollowBody = z.strictObject({ userId: id, follow: z.boolean().default(true) });
export const FollowState = z.object({ followerId: id, followingId: id, following: z.boolean() });
export const IsFollowingQuery = z.object({ userId: id });
export const IsFollowing = z.object({ following: z.boolean() });
export const Community = listResponse(ProfileRef);

// ── Notifications ──

export const Notifications = z.object({
  count,
  unread: count,
  items: z
    .array(
      z.object({
        id,
        /** A notification type (NOTIFICATION_TYPES); stored as free text. */
        type: storedLine(),
        title: storedLine(),
        body: storedText().nullable(),
        /** What the notification is about (e.g. `{orderId}`, `{listingId}`); null when nothing. */
        data: z.unknown(),
        isRead: z.boolean(),
        readAt: isoDate.nullable(),
        createdAt: isoDate,
      }),
    )
    .max(ANSWER_ITEMS_MAX),
});
export const NotificationsMarkedRead = z.object({ marked: count });

// The badges per type (`/notifications/count-by-types`, `/notifications/mark-as-read-by-types`)
// and the chat's new-message notification a participant asks for.
/** Every type of NOTIFICATION_TYPES, 0 included. */
const byType = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, count])) as Record<
    (typeof NOTIFICATION_TYPES)[number],
    typeof count
  >,
);
export const NotificationTypesBody = z.strictObject({
  types: z
    .array(z.enum(NOTIFICATION_TYPES))
    .min(1)
    .max(NOTIFICATION_TYPES.length)
    .refine((types) => new Set(types).size === types.length, 'must not name the same type twice'),
});
export const NewMessageNotificationBody = z.strictObject({ chatId: id });
export const UnreadCountsByType = z.object({ total: count, byType });
export const NotificationsMarkedByTypes = UnreadCountsByType.extend({ marked: count });
export const NewMessageNotification = z.object({
  id,
  /** The other participant, who is notified. */
  userId: id,
  type: z.literal('newMessage'),
  title: storedLine(),
  /** The message's preview. */
  body: storedText(),
  data: z.object({ chatId: id, senderId: id, messageId: id }),
  isRead: z.boolean(),
  createdAt: isoDate,
});

// ── Customer support and "Contact us" ──

export const SupportRequestBody = z.strictObject({
  message: typed(5000),
  issue: singleLineText().max(200).optional(),
});
export const OrderIssueBody = z.strictObject({
  orderId: id,
  issue: singleLineText().min(1).max(200),
  message: typed(5000),
});
export const SupportRequest = z.object({
  id,
  orderId: id.nullable(),
  issue: storedText().nullable(),
  message: storedText(),
  status: z.literal('PENDING'),
  createdAt: isoDate,
});

export const ContactMessageSent = z.object({ id, createdAt: isoDate });
export const ContactUsBody = z.strictObject({
  name: singleLineText().trim().min(1).max(200),
  email: withoutControlCharacters(z.email().max(320)),
  subject: singleLineText().trim().min(1).max(200).optional(),
  message: freeText().trim().min(1).max(5000),
});
export type ContactUsBody = z.infer<typeof ContactUsBody>;
