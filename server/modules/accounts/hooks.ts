// What the accounts module tells the areas above it, inside the transaction of the change
// (platform/events/domain-hooks.ts): a contact-us message lands in the support queue, and a
// renamed user's chats show the new name.
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

/** A user's public name changed (user name, first or last name). */
export const userRenamed = transactionHook<{ userId: string }>('userRenamed');
