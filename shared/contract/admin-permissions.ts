// Scoped admin roles: which admin routes and which UI actions each role may use. The ID token's
// `adminRole` claim names the role; `owner` (or no claim) may do everything. The API answers 403
// outside this table and the app hides what the role cannot do, both reading it from here.
// A route added to the admin route table without an entry here is a type error.
import type { AdminRouteName } from './admin-api.js';
import type { ListName } from './list-query.js';
import type { MarketSeries } from './admin-metrics-routes.js';
import type { ExportName } from './admin-export-routes.js';
import { ADMIN_ROLES, type AdminRole } from './enums.js';

export { ADMIN_ROLES, type AdminRole } from './enums.js';

/** The roles below the owner; the owner is allowed everything and is never listed. */
type ScopedRole = Exclude<AdminRole, 'owner'>;

const M = 'moderator';
const S = 'support';
const F = 'finance';

/**
 * The contract's lists: moderator (users read-only, listings, ratings, moderation, review cases),
 * support (users, orders read-only, review cases, notes), finance (orders, refunds, cancels,
 * audit log). Statistics are every admin's home screen. Enforcement is moderation of a user.
 */
export const ADMIN_ROUTE_ROLES: Record<AdminRouteName, readonly ScopedRole[]> = {
  // Users: support changes them, the moderator reads them.
  'users.list': [M, S],
  'users.checkUsername': [S],
  'users.checkEmail': [S],
  'users.get': [M, S],
  'users.update': [S],
  'users.delete': [S],
  'users.approveRequest': [S],
  'users.rejectRequest': [S],
  'users.setSellerEnabled': [S],
  'users.setSellerFee': [S],
  'users.setFeatured': [S],
  'users.setUserName': [S],
  'users.setEmail': [S],
  'statistics.get': [M, S, F],
  // Listings and the catalogue: moderation.
  'listings.active': [M],
  'listings.get': [M],
  'listings.update': [M],
  'listings.delete': [M],
  'listings.setFeatured': [M],
  // An auction's bid ladder and voiding bids: moderating the listing.
  'listings.bids': [M],
  'listings.voidBids': [M],
  // A listing's versions: what its bidders were shown, read while moderating it.
  'listings.versions': [M],
  // A seller's standing: what the users' readers see, and finance (it sets payout holds).
  'users.sellerStanding': [M, S, F],
  'users.sellerDefects': [M, S, F],
  // What the levels do: read by whoever reads a standing; changed (and previewed) by the owner.
  'sellerLevels.effects': [M, S, F],
  'sellerLevels.previewEffects': [],
  'sellerLevels.updateEffects': [],
  'subcategories.list': [M],
  'subcategories.update': [M],
  // Orders: support reads them, finance acts on them.
  'listings.sold': [S, F],
  'listings.soldGet': [S, F],
  'orders.get': [S, F],
  'orders.delete': [F],
  'orders.cancel': [F],
  'transactions.orderTransactions': [S, F],
  'transactions.refundRemaining': [S, F],
  'transactions.refund': [F],
  // Ratings and moderation.
  'ratings.list': [M],
  'ratings.delete': [M],
  'auctionMessages.list': [M],
  'auctionMessages.delete': [M],
  'chats.list': [M],
  'chats.delete': [M],
  'messages.list': [M],
  'messages.delete': [M],
  // Accountability.
  'auditLog.list': [F],
  'users.timeline': [M, S],
  'listings.timeline': [M],
  'orders.timeline': [S, F],
  'notes.create': [S],
  'users.enforcementImpact': [M],
  'users.enforce': [M],
  'users.picture': [M, S],
  // The review queue: moderators and support work it.
  'reviewCases.list': [M, S],
  'reviewCases.counts': [M, S],
  'reviewCases.get': [M, S],
  'reviewCases.claim': [M, S],
  'reviewCases.release': [M, S],
  'reviewCases.resolve': [M, S],
  'reviewCases.bulkResolve': [M, S],
  // The team queue: who works cases assigns, escalates and resolves with macros; the owner alone
  // manages macros and the team's settings. Every admin saves views of the tables they see.
  'reviewCases.assignees': [M, S],
  'reviewCases.assign': [M, S],
  'reviewCases.escalate': [M, S],
  'reviewCases.metrics': [M, S],
  'reviewCases.settings': [M, S],
  'reviewCases.updateSettings': [],
  'macros.list': [M, S],
  'macros.create': [],
  'macros.update': [],
  'macros.delete': [],
  'views.list': [M, S, F],
  'views.create': [M, S, F],
  'views.rename': [M, S, F],
  'views.delete': [M, S, F],
  // Export: every role reaches the route; the table exported must be one the role may list
  // (EXPORT_LIST_ROUTES, checked by the export itself).
  'exports.csv': [M, S, F],
  // The palette's search finds users, listings and orders by name or id: every role's way around.
  'search.market': [M, S, F],
  // Market health: every role reads it; which series each sees is MARKET_SERIES_ROLES.
  'metrics.market': [M, S, F],
  // The team: the owner only.
  'team.list': [],
  'team.grant': [],
  'team.setRole': [],
  'team.remove': [],
  'team.revokeSessions': [],
  // Rings: who reads users reads a ring (it shows sign-in IPs, personal data); who enforces on one
  // user enforces on a ring.
  'users.ring': [M, S],
  'rings.enforce': [M],
  // Blocks: owner and moderator only (support and finance neither read nor write them).
  'blocks.list': [M],
  'blocks.create': [M],
  'blocks.preview': [M],
  'blocks.lift': [M],
  'users.ringBlock': [M],
  // Policy rules and lists: owner and moderator write them, support reads them, finance neither.
  'rules.list': [M, S],
  'rules.get': [M, S],
  'rules.matches': [M, S],
  'rules.versions': [M, S],
  'rules.create': [M],
  'rules.validate': [M],
  'rules.update': [M],
  'rules.delete': [M],
  'rules.backtest': [M],
  'policyLists.list': [M, S],
  'policyLists.create': [M],
  'policyLists.update': [M],
  'policyLists.delete': [M],
  // Holds: who moderates listings holds them; who may refund holds payouts.
  'listings.hold': [M],
  'listings.releaseHold': [M],
  'orders.holdPayout': [F],
  'orders.releasePayoutHold': [F],
  // A chargeback's packet is read by who works its review case and by finance (it moves money);
  // it is sent by who works the case, from the case.
  'orders.dispute': [M, S, F],
  'orders.submitDispute': [M, S],
};

/** Market health's series: money (GMV, refunds) is finance's; activity and cases every admin's. */
export const MARKET_SERIES_ROLES: Record<MarketSeries, readonly ScopedRole[]> = {
  gmv: [F],
  refunds: [F],
  orders: [M, S, F],
  bids: [M, S, F],
  newUsers: [M, S, F],
  newListings: [M, S, F],
  casesOpened: [M, S, F],
  casesResolved: [M, S, F],
};

export function mayReadSeries(role: AdminRole | null, series: MarketSeries): boolean {
  if (role === null) return false;
  return role === 'owner' || MARKET_SERIES_ROLES[series].includes(role);
}

/** The default of `ADMIN_STEP_UP_SECONDS`: how old a sign-in may be for the step-up actions. */
export const STEP_UP_SECONDS_DEFAULT = 900;

const always = (): boolean => true;
/** Enforcements that take the account away: suspending it or banning it. */
const takesAccountAway = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  ['suspend', 'ban'].includes(String((body as { action?: unknown }).action));

/** A void-bids body that asks only for the preview. */
const isDryRun = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { dryRun?: unknown }).dryRun === true;

/**
 * Step-up: the routes that move money or cannot be undone need a recent sign-in (the ID token's
 * `auth_time` at most `ADMIN_STEP_UP_SECONDS` old, else 401 `reauthenticationRequired`). The
 * value says whether this call needs it, from its body: an enforcement needs it only to suspend
 * or ban. The API checks it and the app knows from here which actions will ask for the password.
 */
export const STEP_UP_ROUTES: Partial<Record<AdminRouteName, (body: unknown) => boolean>> = {
  'transactions.refund': always,
  'orders.cancel': always,
  'orders.delete': always,
  'users.delete': always,
  'users.enforce': takesAccountAway,
  'rings.enforce': takesAccountAway,
  // A payout hold (and lifting it, which may release the money at once) moves money.
  'orders.holdPayout': always,
  'orders.releasePayoutHold': always,
  // A dry run only previews: it changes nothing, so it needs no recent sign-in.
  'listings.voidBids': (body) => !isDryRun(body),
};

/** Whether this call of `route` with `body` needs a recent sign-in. */
export function needsStepUp(route: AdminRouteName, body: unknown): boolean {
  return STEP_UP_ROUTES[route]?.(body) ?? false;
}

/** The role an `adminRole` claim names: absent is the owner, an unknown value is no role at all. */
export function adminRoleOf(claim: unknown): AdminRole | null {
  if (claim === undefined || claim === null) return 'owner';
  return (ADMIN_ROLES as readonly unknown[]).includes(claim) ? (claim as AdminRole) : null;
}

/** Which list route each exported table answers for: an export shows only what the role may list. */
export const EXPORT_LIST_ROUTES: Record<ListName, AdminRouteName> = {
  users: 'users.list',
  activeListings: 'listings.active',
  soldListings: 'listings.sold',
  subcategories: 'subcategories.list',
  ratings: 'ratings.list',
  auctionMessages: 'auctionMessages.list',
  chats: 'chats.list',
  chatMessages: 'messages.list',
  auditLog: 'auditLog.list',
};

/** The route whose roles may export each export: a table's list route, the market series' metrics route. */
export const EXPORT_ROUTES: Record<ExportName, AdminRouteName> = {
  ...EXPORT_LIST_ROUTES,
  marketSeries: 'metrics.market',
};

export function mayUseRoute(role: AdminRole | null, route: AdminRouteName): boolean {
  if (role === null) return false;
  return role === 'owner' || ADMIN_ROUTE_ROLES[route].includes(role);
}

/**
 * The app's actions and the routes each one calls: an action is offered only when the role may
 * use every one of its routes, so the UI and the API can never disagree.
 */
export const UI_ACTION_ROUTES = {
  openUsers: ['users.list'],
  editUser: ['users.update'],
  deleteUser: ['users.delete'],
  decideSellerRequest: ['users.approveRequest', 'users.rejectRequest'],
  setSellerEnabled: ['users.setSellerEnabled'],
  setSellerFee: ['users.setSellerFee'],
  featureUser: ['users.setFeatured'],
  enforce: ['users.enforcementImpact', 'users.enforce'],
  viewRing: ['users.ring'],
  enforceRing: ['users.ring', 'rings.enforce'],
  addNote: ['notes.create'],
  viewUserHistory: ['users.picture', 'users.timeline'],
  viewListingTimeline: ['listings.timeline'],
  viewOrderTimeline: ['orders.timeline'],
  openActiveListings: ['listings.active'],
  editListing: ['listings.update'],
  deleteListing: ['listings.delete'],
  featureListing: ['listings.setFeatured'],
  viewBidLadder: ['listings.bids'],
  viewListingVersions: ['listings.versions'],
  viewSellerStanding: ['users.sellerStanding', 'users.sellerDefects'],
  viewLevelEffects: ['sellerLevels.effects'],
  manageLevelEffects: ['sellerLevels.effects', 'sellerLevels.previewEffects', 'sellerLevels.updateEffects'],
  voidBids: ['listings.bids', 'listings.voidBids'],
  openSoldListings: ['listings.sold'],
  cancelOrder: ['orders.cancel'],
  deleteOrder: ['orders.delete'],
  refundOrder: ['transactions.refundRemaining', 'transactions.refund'],
  reloadOrderTransactions: ['transactions.orderTransactions'],
  openSubcategories: ['subcategories.list'],
  editSubcategory: ['subcategories.update'],
  openRatings: ['ratings.list'],
  deleteRating: ['ratings.delete'],
  openModeration: ['auctionMessages.list', 'chats.list', 'messages.list'],
  deleteModeratedContent: ['auctionMessages.delete', 'chats.delete', 'messages.delete'],
  openAuditLog: ['auditLog.list'],
  openReviewQueue: ['reviewCases.list', 'reviewCases.counts'],
  viewMarketHealth: ['metrics.market'],
  openTeam: ['team.list'],
  manageTeam: ['team.grant', 'team.setRole', 'team.remove', 'team.revokeSessions'],
  workReviewCase: ['reviewCases.claim', 'reviewCases.release', 'reviewCases.resolve', 'reviewCases.bulkResolve'],
  assignReviewCase: ['reviewCases.assignees', 'reviewCases.assign', 'reviewCases.escalate'],
  viewReviewMetrics: ['reviewCases.metrics'],
  manageMacros: ['macros.create', 'macros.update', 'macros.delete'],
  manageReviewSettings: ['reviewCases.updateSettings'],
  holdListing: ['listings.hold', 'listings.releaseHold'],
  holdPayout: ['orders.holdPayout', 'orders.releasePayoutHold'],
  openBlocks: ['blocks.list'],
  manageBlocks: ['blocks.preview', 'blocks.create', 'blocks.lift'],
  blockRing: ['users.ring', 'users.ringBlock'],
  openRules: ['rules.list', 'rules.get', 'rules.matches', 'rules.versions', 'policyLists.list'],
  manageRules: ['rules.validate', 'rules.create', 'rules.update', 'rules.delete', 'rules.backtest'],
  manageLists: ['policyLists.create', 'policyLists.update', 'policyLists.delete'],
  viewDispute: ['orders.dispute'],
  submitDispute: ['orders.dispute', 'orders.submitDispute'],
} as const satisfies Record<string, readonly AdminRouteName[]>;
export type UiAction = keyof typeof UI_ACTION_ROUTES;

export function mayDo(role: AdminRole | null, action: UiAction): boolean {
  return UI_ACTION_ROUTES[action].every((route) => mayUseRoute(role, route));
}
