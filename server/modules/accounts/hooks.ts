// What the accounts module tells the areas above it, inside the transaction of the change
// (platform/events/domain-hooks.ts): a contact-us message lands in the support queue, a
// renamed user's chats show the new name, and a closing account's listings, entries and offers go.
import { transactionHook } from '../../platform/events/domain-hooks.js';

/** A contact-us message, from a signed-in user or from anybody. */
export const contactMessageSent = transactionHook<{
  id: string;
  userId: string | null;
  name: string;
  email: string;
  subject: string | null;
  body: string;
}>('contactMessageSent');

/**
 * A user is closing their account, past every check: each area takes down what the user leaves
 * there (listings, giveaway entries, pending offers) in the closing transaction.
 */
export const accountClosing = transactionHook<{ userId: string }>('accountClosing');

/** A user's public name changed (user name, first or last name). */
export const userRenamed = transactionHook<{ userId: string }>('userRenamed');
