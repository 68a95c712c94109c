// What the conversations module tells the areas above it, inside the transaction that writes the
// message (platform/events/domain-hooks.ts): trust and safety screens it. Flagged content is
// still delivered; a subscriber only opens a case.
import { transactionHook } from '../../platform/events/domain-hooks.js';

export const chatMessageSent = transactionHook<{ id: string; chatId: string; senderId: string; text: string }>(
  'chatMessageSent',
);

export const auctionTextPosted = transactionHook<{ id: string; authorId: string; text: string }>('auctionTextPosted');
