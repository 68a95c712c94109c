// Order history, reviews, shipping quotes and bulk shipping documents, and the notification, bid and chat reads not in index.ts.
import type { MarketRouteContext } from './context.js';

export async function orderHistoryRoutes(context: MarketRouteContext): Promise<void> {
  void context;
}
