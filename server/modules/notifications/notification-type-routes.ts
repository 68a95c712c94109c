// The notification badges per type and the chat's new-message notification. Registered
// from the order history routes, between the shipping tools and a user's bids, where they always
// were, so the OpenAPI document keeps its order.
import {
  NewMessageNotification,
  NewMessageNotificationBody,
  NotificationsMarkedByTypes,
  NotificationTypesBody,
  UnreadCountsByType,
} from '../../../shared/contract/market/community.js';
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import type { MarketRouteContext } from '../../platform/http/market-route-context.js';
import { markReadByTypes, sendNewMessageNotification, unreadCountsByType } from './notifications.js';

export async function notificationTypeRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.get(
    '/notifications/count-by-types',
    {
      schema: {
        description: 'How many of the caller’s notifications are unread, per type.',
        tags: ['notifications'],
        ...secured,
        response: { 200: UnreadCountsByType },
      },
    },
    async (request) => unreadCountsByType(db, request.caller.id),
  );
  r.patch(
    '/notifications/mark-as-read-by-types',
    {
      schema: {
        description: 'Marks the caller’s notifications of these types as read.',
        tags: ['notifications'],
        ...secured,
        body: NotificationTypesBody,
        response: { 200: NotificationsMarkedByTypes },
      },
    },
    async (request) => markReadByTypes(db, request.caller.id, request.body.types),
  );
  r.post(
    '/notifications/send-new-message-notification',
    {
      schema: {
        description: 'Notifies the other participant of a chat of a new message.',
        tags: ['notifications'],
        ...secured,
        body: NewMessageNotificationBody,
        response: { 200: NewMessageNotification, 201: NewMessageNotification, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const { created, notification } = await sendNewMessageNotification(deps, request.caller.id, request.body.chatId);
      return reply.code(created ? 201 : 200).send(notification);
    },
  );
}
