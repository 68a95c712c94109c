// The orders module from outside: its routes and back-office handlers, and the order-making
// services that auctions (closing, giveaways) and fulfilment build on.
export { orderHandlers } from './admin.js';
export { orderHistoryRoutes } from './history-routes.js';
export { offerRoutes, purchaseRoutes } from './routes.js';
export { acceptOffer, declineOffer, listOffers, makeOffer } from './offers.js';
export { listOrders, orderHistory, publicOrderHistory, sellerOrder } from './order-history.js';
export {
  chargeOrder,
  createOrder,
  type CreatedOrder,
  type NewOrder,
  notify,
  orderIdOf,
  retryPayment,
} from './orders.js';
export { buyNow } from './purchases.js';
