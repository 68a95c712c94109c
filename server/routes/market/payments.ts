// Payments and payout accounts (section 7, /payments/*).
import type { MarketRouteContext } from './context.js';

export async function paymentRoutes(context: MarketRouteContext): Promise<void> {
  void context;
}
