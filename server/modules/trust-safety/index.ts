// The trust-and-safety module from outside: the back office's review-queue handlers. The other
// modules do not call it: it subscribes to their hooks (subscriptions.ts) and opens cases in
// their transactions when something a moderator must see arrives (reports and support requests,
// and the off-platform detector's screening of what users write).
export { reviewCaseHandlers } from './admin.js';
export { ringHandlers } from './ring-admin.js';
export { ringMembersOf, ringOf } from './ring.js';
export { appealRoutes } from './routes.js';
// Auto-assignment after a case opened: the realtime layer says who is online (market-api.ts).
export { autoAssignCase } from './case-team.js';
export { openReviewCase, type ReviewSignal } from './open-case.js';
export { detectOffPlatformContact, type OffPlatformMatch } from './rules/off-platform-contact.js';
// What the subscriptions call, for the seed data and the screening benchmark that open cases directly.
export { reviewAuctionIntegrity } from './auction-review.js';
// The calibrated shill-bidding score of one bidder's six features (hard links are added on top).
export { scoreIntegrityFeatures, type IntegrityFeatures, type IntegrityScore } from './rules/integrity-score.js';
export { reviewContactMessage, reviewListingReport, reviewSupportRequest } from './reports.js';
export { screenAuctionText, screenChatMessage, screenListingText } from './screening.js';
// Opens cases from the other modules' hooks, and registers the cases' entries in user, listing and
// order timelines (once each, when this loads).
import './subscriptions.js';
import './case-timeline.js';
