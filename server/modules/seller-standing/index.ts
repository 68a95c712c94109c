// The seller-standing module from outside: a seller's standing (window, metrics, level, projected
// level, effects) read from the orders, cases, ratings and chats of the areas below.
export { sellerStandingHandlers } from './admin.js';
export {
  queueEverySellerLevel,
  settleDueSellerLevels,
  settleSellerLevel,
  startSellerLevelSweep,
} from './seller-levels.js';
