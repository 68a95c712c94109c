// The trust-and-safety module from outside: the back office's review-queue handlers, and what the
// other modules call, in their own transactions, when something a moderator must see arrives
// (reports and support requests, and the off-platform detector's screening of what users write).
export { reviewCaseHandlers } from './admin.js';
export { openReviewCase, type ReviewSignal } from './open-case.js';
export { MIN_BIDS_TO_SCORE, reviewAuctionIntegrity } from './auction-review.js';
export { reviewContactMessage, reviewListingReport, reviewSupportRequest } from './reports.js';
export { screenAuctionText, screenChatMessage, screenListingText } from './screening.js';
export { detectOffPlatformContact, type OffPlatformMatch } from './rules/off-platform-contact.js';
// Registers the cases' entries in user, listing and order timelines (once, when this loads).
import './case-timeline.js';
