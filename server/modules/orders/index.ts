// The orders module from outside: its buyer/seller routes (purchases, offers, order history), the
// back office's order handlers, the order-making that auctions (closing, giveaways) build on, and
// the order as its seller sees it with the shipping statuses' writes that fulfilment builds on.
export { orderHandlers } from './admin.js';
export { orderHistoryRoutes } from './history-routes.js';
export { offerRoutes, purchaseRoutes } from './routes.js';
export { createOrder, orderIdOf } from './orders.js';
export { loadSoldListing, soldListingsSource } from './order-admin.js';
export {
  type OrderRow,
  SELECT_ORDER,
  SELLER_ORDER_ROW,
  type SellerOrder,
  sellerOrderOf,
  type ShippingChange,
  writeShippingStatus,
} from './seller-order.js';
export { expireOffers } from './offers.js';
export { holdPayout, releaseDuePayouts } from './payouts.js';
// A chargeback: the order a dispute's charge paid, and a lost one on its ledger (lowers the payout like a refund).
export { orderOfPayment, recordDisputeLoss } from './dispute-losses.js';
// Takes down a closing account's pending offers (subscribes to the accounts module's accountClosing).
import './account-closing.js';
