// The conversations module from outside: its buyer routes (auction feed, chats, messages), the
// back office's moderation handlers, a user's chats (order history lists them too), and the
// admin item shapes other modules put in their `/admin` events (a chat, an auction message).
// The hooks come first: a module that subscribes may be loaded while this one still is.
export { auctionTextPosted, chatMessageSent } from './hooks.js';
export { auctionFeedRoutes, chatMessageRoutes, chatRoutes, userChatRoutes } from './routes.js';
export { storedMessageOf, type StoredMessage } from './routes.js';
export { moderationHandlers } from './admin.js';
export { userChats } from './chats.js';
export { auctionMessageItem, chatItem } from './admin-items.js';
export { chatMessageEvidence, type EvidenceMessage } from './review-evidence.js';
export { addGiveawayMessage, bidMessageInsert, withdrawBidMessages } from './auction-messages.js';
// Re-sends a renamed user's chats (subscribes to the accounts module's userRenamed).
import './renamed-user.js';
export { removeAuctionMessageIn, removeChatMessageIn } from './moderation.js';
export { auctionMessagesSource, chatMessagesSource, chatsSource } from './moderation.js';
