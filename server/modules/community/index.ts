// The community module as the rest of the server sees it: ratings, follows, notifications,
// customer support and reviews owed.
export { communityRoutes } from './routes.js';
export { notificationTypeRoutes } from './notification-type-routes.js';
export { communityAdminHandlers } from './admin.js';
export { sendContactMessage } from './contact-us.js';
export {
  markNotificationsRead,
  markReadByTypes,
  notificationsOf,
  sendNewMessageNotification,
  unreadCountsByType,
  upsertNewMessageNotification,
} from './notifications.js';
export { pendingReviews, skipReviews } from './reviews.js';
export { rateOrder, userRatings } from './ratings.js';
export { community, follow, isFollowing } from './follows.js';
export { createSupportRequest } from './support.js';
