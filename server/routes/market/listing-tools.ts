// A seller's listing tools beyond create/edit/publish (video, drafts, saved listings, reports, bulk, prices, share, end time).
import type { MarketRouteContext } from './context.js';

export async function listingToolRoutes(context: MarketRouteContext): Promise<void> {
  void context;
}
