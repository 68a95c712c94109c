// What the moderation tables show in their cells.
import type { AuctionMessage, Chat, ChatMessage } from '../../../shared/contract/entities.js';
import type { AuctionMessageType } from '../../../shared/contract/enums.js';
import { moneyOrNA } from '../../components/format.js';

export const AUCTION_MESSAGE_TYPE_BADGES: Record<AuctionMessageType, string> = {
  bid: 'Bid',
  giveawayEntry: 'Giveaway Entry',
  giveawayWinner: 'Giveaway Winner',
  text: 'Text',
};

/** Bid value for bids only, otherwise N/A. */
export function bidValueOf(message: Pick<AuctionMessage, 'type' | 'amount'>): string {
  return message.type === 'bid' ? moneyOrNA(message.amount) : 'N/A';
}

/** Message text for text messages only, otherwise N/A. */
export function auctionMessageTextOf(message: Pick<AuctionMessage, 'type' | 'text'>): string {
  return message.type === 'text' && message.text ? message.text : 'N/A';
}

export function lastMessageOf(chat: Pick<Chat, 'lastMessage'>): string {
  return chat.lastMessage && chat.lastMessage.trim() !== '' ? chat.lastMessage : 'No messages';
}

export function blockedUserOf(chat: Pick<Chat, 'blockedUser'>): string {
  return chat.blockedUser ? (chat.blockedUser.userName ?? '-') : 'No blocked user';
}

export function seenBadgeOf(message: Pick<ChatMessage, 'isSeen'>): 'Seen' | 'Not seen' {
  return message.isSeen ? 'Seen' : 'Not seen';
}
