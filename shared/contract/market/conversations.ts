// The buyer/seller API's conversations area: chats between two users, their messages, blocking,
// and the text messages of a listing's auction feed (what server/modules/conversations accepts
// and answers). Chat and message shapes are the ones realtime events carry.
import { z } from 'zod';
import { AuctionMessage, Chat, id, listResponse } from '../entities.js';
import { marketEvents } from '../realtime-events.js';
import { freeText } from '../text.js';

const count = z.number().int().nonnegative();
/** A message a person types: trimmed, non-empty, at most `max` characters, line breaks allowed. */
const typed = (max: number) => freeText().trim().min(1).max(max);

// ── The auction feed ──

export const AuctionFeedBody = z.strictObject({ text: typed(1000) });
export const AuctionFeed = listResponse(AuctionMessage);

// ── Chats and messages ──

export const OpenChatBody = z.strictObject({ otherUserId: id });
export const ChatPairParams = z.object({ a: id, b: id });
export const BlockChatBody = z.strictObject({ chatId: id, block: z.boolean().default(true) });
export const MessageBody = z.strictObject({ chatId: id, message: typed(2000) });
export const MarkAsReadParams = z.object({ readerId: id, senderId: id });

export const Chats = listResponse(Chat);
/** A chat message with its chat, as `newMessage` carries it. */
export const SentMessage = marketEvents.newMessage;
export const ChatMessages = listResponse(SentMessage);
/** Unread messages across the caller's chats, as `updateUnreadCount` carries it. */
export const UnreadCount = marketEvents.updateUnreadCount;
export const MessagesMarkedRead = z.object({ chatId: id, marked: count });
