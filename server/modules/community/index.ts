// The community module as the rest of the server sees it: its routes, the back office's ratings
// moderation, and the support request's hook (trust and safety opens its case).
// The hooks come first: a module that subscribes may be loaded while this one still is.
export { supportRequestSent } from './hooks.js';
export { communityRoutes } from './routes.js';
export { communityAdminHandlers } from './admin.js';
export { ratingsSource } from './rating-admin.js';
