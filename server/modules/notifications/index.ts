// The notifications module: the lowest business area, since every other one tells users things.
// `notify` (one user), `notifyAll` (a batch) and `notifyEach` (everyone a query selects) write
// notifications in the caller's transaction; the user's own list, read marks and badges per type
// are its routes.
export { type Notice, notify, notifyAll, notifyEach } from './notify.js';
export { markNotificationsRead, notificationsOf, upsertNewMessageNotification } from './notifications.js';
export { notificationTypeRoutes } from './notification-type-routes.js';
