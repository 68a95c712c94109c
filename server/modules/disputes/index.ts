// The disputes module from outside: chargebacks kept from Stripe's dispute events (it subscribes to
// the payments webhook's `chargeDisputed` when this loads), the back office's dispute read and
// evidence submission, the hooks trust and safety keeps the dispute's review case by, and what
// seller standing counts as a defect: the disputes a seller lost in a window.
export { disputeHandlers } from './admin.js';
export { disputeClosed, disputeNeedsReview } from './hooks.js';
export { disputesLostBySeller, recordChargeDispute } from './disputes.js';
import './subscriptions.js';
