// Where trust and safety listens (platform/events/domain-hooks.ts): each area below it fires its
// hook in the transaction that writes the report, message or listing (or keeps a chargeback), and the
// case opens in that same transaction; auction integrity runs after a bid or a close has committed. Loaded once, by
// this module's index.ts.
import { contactMessageSent } from '../accounts/index.js';
import { auctionLadderSettled } from '../auctions/index.js';
import { supportRequestSent } from '../community/index.js';
import { disputeClosed, disputeNeedsReview } from '../disputes/index.js';
import { auctionTextPosted, chatMessageSent } from '../conversations/index.js';
import { listingReported, listingTextShown } from '../listings/index.js';
import { reviewAuctionIntegrity } from './auction-review.js';
import { closeDisputeCase, reviewDispute } from './dispute-cases.js';
import { reviewContactMessage, reviewListingReport, reviewSupportRequest } from './reports.js';
import { screenAuctionText, screenChatMessage, screenListingText } from './screening.js';

listingTextShown.subscribe(screenListingText);
listingReported.subscribe(async (tx, outbox, report) => {
  await reviewListingReport(tx, outbox, report);
});
chatMessageSent.subscribe(screenChatMessage);
auctionTextPosted.subscribe(screenAuctionText);
supportRequestSent.subscribe(async (tx, outbox, request) => {
  await reviewSupportRequest(tx, outbox, request);
});
contactMessageSent.subscribe(async (tx, outbox, message) => {
  await reviewContactMessage(tx, outbox, message);
});
auctionLadderSettled.subscribe(reviewAuctionIntegrity);
disputeNeedsReview.subscribe(reviewDispute);
disputeClosed.subscribe(closeDisputeCase);
