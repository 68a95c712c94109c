// Everything the API can do, the app can do: every admin route of the route table (shared/contract)
// and the place in the app that calls it. A route no screen (nor the desktop host) uses fails here
// unless it is in the allowlist with the reason; an allowlisted route that the app does call fails
// too, so the list stays true. A new route without a row is a type error.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminRoutes, type AdminRouteName } from '../../shared/contract/admin-api.js';

type Place = string | { unused: string };

/** Where the app calls each admin route (renderer, main or preload), or why it does not. */
const CALLED_FROM: Record<AdminRouteName, Place> = {
  'users.list': 'renderer/admin-tables/registry.ts',
  'users.checkUsername': 'renderer/screens/users/UserFields.tsx',
  'users.checkEmail': 'renderer/screens/users/UserFields.tsx',
  'users.get': 'renderer/admin-tables/registry.ts',
  'users.update': 'renderer/screens/users/UserEditDialog.tsx',
  'users.delete': 'renderer/screens/users/UserDrawer.tsx',
  'users.approveRequest': 'renderer/screens/users/UserDrawer.tsx',
  'users.rejectRequest': 'renderer/screens/users/UserDrawer.tsx',
  'users.setSellerEnabled': 'renderer/screens/users/UserDrawer.tsx',
  'users.setSellerFee': 'renderer/screens/users/UserDrawer.tsx',
  'users.setFeatured': 'renderer/screens/users/UsersScreen.tsx',
  'users.setUserName': 'renderer/screens/users/UserFields.tsx',
  'users.setEmail': 'renderer/screens/users/UserFields.tsx',
  'statistics.get': 'renderer/screens/home/DashboardHome.tsx',
  'listings.active': 'renderer/admin-tables/registry.ts',
  'listings.get': 'renderer/admin-tables/registry.ts',
  'listings.update': 'renderer/screens/listings/ListingDrawer.tsx',
  'listings.delete': 'renderer/admin-tables/registry.ts',
  'listings.setFeatured': 'renderer/screens/listings/ActiveListingsScreen.tsx',
  'listings.sold': 'renderer/admin-tables/registry.ts',
  'listings.soldGet': 'renderer/admin-tables/registry.ts',
  'orders.get': 'renderer/screens/accountability/RecordDrawers.tsx',
  'orders.delete': 'renderer/admin-tables/registry.ts',
  'orders.cancel': 'renderer/screens/sold/OrderDrawer.tsx',
  'transactions.orderTransactions': 'renderer/screens/sold/TransactionHistory.tsx',
  'transactions.refundRemaining': 'renderer/screens/sold/RefundDialog.tsx',
  'transactions.refund': 'renderer/screens/sold/RefundDialog.tsx',
  'subcategories.list': 'renderer/admin-tables/registry.ts',
  'subcategories.update': 'renderer/screens/subcategories/SubcategoriesScreen.tsx',
  'ratings.list': 'renderer/admin-tables/registry.ts',
  'ratings.delete': 'renderer/admin-tables/registry.ts',
  'auctionMessages.list': 'renderer/admin-tables/registry.ts',
  'auctionMessages.delete': 'renderer/admin-tables/registry.ts',
  'chats.list': 'renderer/admin-tables/registry.ts',
  'chats.delete': 'renderer/admin-tables/registry.ts',
  'messages.list': 'renderer/admin-tables/registry.ts',
  'messages.delete': 'renderer/admin-tables/registry.ts',
  'reviewCases.metrics': 'renderer/screens/review/MetricsPanel.tsx',
  'reviewCases.settings': 'renderer/screens/settings/ReviewQueueSettings.tsx',
  'reviewCases.updateSettings': 'renderer/screens/settings/ReviewQueueSettings.tsx',
  'reviewCases.assignees': 'renderer/screens/review/CaseTeamActions.tsx',
  'reviewCases.assign': 'renderer/screens/review/CaseTeamActions.tsx',
  'reviewCases.escalate': 'renderer/screens/review/CaseTeamActions.tsx',
  'macros.list': 'renderer/screens/review/macros-store.ts',
  'macros.create': 'renderer/screens/settings/MacroForm.tsx',
  'macros.update': 'renderer/screens/settings/MacroForm.tsx',
  'macros.delete': 'renderer/screens/settings/ReviewQueueSettings.tsx',
  'views.list': 'renderer/components/saved-views/saved-views-store.ts',
  'views.create': 'renderer/components/saved-views/SaveViewButton.tsx',
  'views.rename': 'renderer/components/saved-views/RenameViewDialog.tsx',
  'views.delete': 'renderer/components/saved-views/SavedViewLinks.tsx',
  'blocks.list': 'renderer/screens/blocks/BlocksScreen.tsx',
  'blocks.create': 'renderer/screens/blocks/BlockDialog.tsx',
  'blocks.preview': 'renderer/screens/blocks/BlockDialog.tsx',
  'blocks.lift': 'renderer/screens/blocks/BlocksScreen.tsx',
  'users.ringBlock': 'renderer/screens/rings/RingBlockDialog.tsx',
  'rules.list': 'renderer/screens/rules/RulesScreen.tsx',
  'rules.create': 'renderer/screens/rules/RuleEditor.tsx',
  'rules.validate': 'renderer/screens/rules/RuleEditor.tsx',
  'rules.get': 'renderer/screens/rules/RulesScreen.tsx',
  'rules.update': 'renderer/screens/rules/RuleEditor.tsx',
  'rules.delete': 'renderer/screens/rules/RuleEditor.tsx',
  'rules.backtest': 'renderer/screens/rules/RuleBacktest.tsx',
  'rules.matches': 'renderer/screens/rules/RuleMatches.tsx',
  'rules.versions': 'renderer/screens/rules/RuleVersions.tsx',
  'policyLists.list': 'renderer/screens/rules/PolicyListsPanel.tsx',
  'policyLists.create': 'renderer/screens/rules/PolicyListsPanel.tsx',
  'policyLists.update': 'renderer/screens/rules/PolicyListsPanel.tsx',
  'policyLists.delete': 'renderer/screens/rules/PolicyListsPanel.tsx',
  'reviewCases.list': 'renderer/admin-tables/registry.ts',
  'reviewCases.counts': 'main/core/review-badge.ts',
  'reviewCases.get': 'renderer/screens/review/CaseDrawer.tsx',
  'reviewCases.claim': 'renderer/screens/review/CaseDrawer.tsx',
  'reviewCases.release': 'renderer/screens/review/CaseDrawer.tsx',
  'reviewCases.resolve': 'renderer/screens/review/CaseDrawer.tsx',
  'reviewCases.bulkResolve': 'renderer/screens/review/BulkResolve.tsx',
  'auditLog.list': 'renderer/admin-tables/registry.ts',
  'users.timeline': 'renderer/screens/accountability/RecordTimeline.tsx',
  'listings.timeline': 'renderer/screens/accountability/RecordTimeline.tsx',
  'orders.timeline': 'renderer/screens/accountability/RecordTimeline.tsx',
  'notes.create': 'renderer/screens/accountability/RecordTimeline.tsx',
  'users.enforcementImpact': 'renderer/screens/accountability/EnforcementDialog.tsx',
  'users.enforce': 'renderer/screens/accountability/EnforcementDialog.tsx',
  'users.picture': 'renderer/screens/accountability/UserPicture.tsx',
  'exports.csv': 'main/core/browser-bridge.ts',
  'search.market': 'renderer/components/workbench/CommandPalette.tsx',
  'metrics.market': 'renderer/screens/home/market-health-store.ts',
  'team.list': 'renderer/screens/team/TeamScreen.tsx',
  'team.grant': 'renderer/screens/team/TeamScreen.tsx',
  'team.setRole': 'renderer/screens/team/TeamScreen.tsx',
  'team.remove': 'renderer/screens/team/TeamScreen.tsx',
  'team.revokeSessions': 'renderer/screens/team/TeamScreen.tsx',
  'users.ring': 'renderer/screens/rings/useRing.ts',
  'rings.enforce': 'renderer/screens/rings/RingEnforcementDialog.tsx',
  'listings.hold': 'renderer/screens/listings/ListingDrawer.tsx',
  'listings.releaseHold': 'renderer/screens/listings/ListingDrawer.tsx',
  'orders.holdPayout': 'renderer/screens/sold/OrderDrawer.tsx',
  'orders.releasePayoutHold': 'renderer/screens/sold/OrderDrawer.tsx',
  'listings.bids': 'renderer/screens/bid-ladder/useBidLadder.ts',
  'listings.voidBids': 'renderer/screens/bid-ladder/VoidBidsDialog.tsx',
  'listings.versions': 'renderer/screens/listing-versions/useListingVersions.ts',
  'users.sellerStanding': 'renderer/screens/seller-standing/SellerStandingSection.tsx',
  'users.sellerDefects': 'renderer/screens/seller-standing/SellerStandingSection.tsx',
  'sellerLevels.effects': 'renderer/screens/settings/SellerLevelSettings.tsx',
  'sellerLevels.previewEffects': 'renderer/screens/settings/SellerLevelSettings.tsx',
  'sellerLevels.updateEffects': 'renderer/screens/settings/SellerLevelSettings.tsx',
  'orders.dispute': 'renderer/screens/disputes/DisputePanel.tsx',
  'orders.submitDispute': 'renderer/screens/disputes/DisputePanel.tsx',
};

const APP_FOLDERS = ['renderer', 'main', 'preload'];
// The bridge builds every route's method from the table: it names them all and calls none itself.
const NOT_A_CALLER = new Set(['renderer/bridge.ts']);

function appSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !NOT_A_CALLER.has(path))
        sources.set(path, readFileSync(path, 'utf8'));
    }
  };
  for (const folder of APP_FOLDERS) walk(folder);
  return sources;
}

/** `market.admin.group.call(` (over a line break too) or the route's name as a string ('group.call'). */
function callsRoute(source: string, route: string): boolean {
  const [group, call] = route.split('.') as [string, string];
  return new RegExp(`admin\\.${group}\\s*\\.${call}\\b|['"\`]${group}\\.${call}['"\`]`).test(source);
}

describe('every admin route is reachable in the app', () => {
  const sources = appSources();
  const callers = (route: string) =>
    [...sources].filter(([, source]) => callsRoute(source, route)).map(([path]) => path);

  it('the table has a row for every route of the route table, and no other', () => {
    expect(Object.keys(CALLED_FROM).sort()).toEqual(Object.keys(adminRoutes).sort());
  });

  it.each(Object.entries(CALLED_FROM))('%s', (route, place) => {
    if (typeof place === 'string') {
      expect(callers(route), `${route} is not called from ${place}`).toContain(place);
    } else {
      expect(place.unused.length, 'an allowlisted route says why').toBeGreaterThan(20);
      expect(callers(route), `${route} is allowlisted as unused but the app calls it: give it its place`).toEqual([]);
    }
  });
});
