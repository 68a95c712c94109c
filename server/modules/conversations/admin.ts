// Admin moderation of conversations: auction messages, chats and chat messages (ratings:
// community/admin.ts). Each handler hands the parsed request to moderation.ts.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import {
  moderatedAuctionMessages,
  moderatedChatMessages,
  moderatedChats,
  removeAuctionMessage,
  removeChat,
  removeChatMessage,
} from './moderation.js';

export function moderationHandlers({ db, reads, events }: AdminDeps) {
  return {
    // The lists read the replica when there is one; taking a row down writes the primary.
    'auctionMessages.list': async ({ query }) => moderatedAuctionMessages(reads, query),
    'auctionMessages.delete': async ({ params, admin }) => {
      await removeAuctionMessage({ db, events, admin }, params.id);
      return undefined;
    },

    'chats.list': async ({ query }) => moderatedChats(reads, query),
    'chats.delete': async ({ params, admin }) => {
      await removeChat({ db, events, admin }, params.id);
      return undefined;
    },

    'messages.list': async ({ query }) => moderatedChatMessages(reads, query),
    'messages.delete': async ({ params, admin }) => {
      await removeChatMessage({ db, events, admin }, params.id);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
