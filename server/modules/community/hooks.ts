// What the community module tells the areas above it, inside the transaction of the change
// (platform/events/domain-hooks.ts): a support request lands in the support queue.
import { transactionHook } from '../../platform/events/domain-hooks.js';

/** A support request, about one of the user's orders or about their account. */
export const supportRequestSent = transactionHook<{
  id: string;
  userId: string;
  orderId: string | null;
  issue: string | null;
  message: string;
}>('supportRequestSent');
