// The catalogue module as the rest of the server sees it: the public reads (catalogue, sections,
// time zones, settings), the back office's subcategories, and the settings other modules price by.
export { publicMarketRoutes } from './routes.js';
export { subcategoryHandlers } from './admin.js';
export { appSettings } from './app-settings.js';
export { subcategoriesSource } from './subcategory-admin.js';
