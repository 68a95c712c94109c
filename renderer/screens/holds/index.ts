// Holds on listings and on order payouts, and how a payout is shown.
export { HoldButton, HoldTag, type HoldWords } from './Holds.js';
export { payoutShown, type PayoutShown } from './payout-display.js';
