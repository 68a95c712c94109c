// The signed-in user's own account (section 7, /user/*, /user-requests, /setting/contact-us).
import type { MarketRouteContext } from './context.js';

export async function accountRoutes(context: MarketRouteContext): Promise<void> {
  void context;
}
