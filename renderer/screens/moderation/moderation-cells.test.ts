import { describe, expect, it } from 'vitest';
import {
  AUCTION_MESSAGE_TYPE_BADGES,
  auctionMessageTextOf,
  bidValueOf,
  blockedUserOf,
  lastMessageOf,
  seenBadgeOf,
} from './moderation-cells.js';

describe('auction message cells', () => {
  it.each([
    ['bid', 'Bid'],
    ['giveawayEntry', 'Giveaway Entry'],
    ['giveawayWinner', 'Giveaway Winner'],
    ['text', 'Text'],
  ] as const)('type %s has the badge %s', (type, badge) => {
    expect(AUCTION_MESSAGE_TYPE_BADGES[type]).toBe(badge);
  });

  it.each([
    [{ type: 'bid', amount: 25, text: null }, '$25.00', 'N/A'],
    [{ type: 'text', amount: null, text: 'Is it new?' }, 'N/A', 'Is it new?'],
    [{ type: 'giveawayEntry', amount: null, text: 'ignored' }, 'N/A', 'N/A'],
    [{ type: 'text', amount: 3, text: null }, 'N/A', 'N/A'],
  ] as const)('%o shows bid %s and message %s', (message, bid, text) => {
    expect(bidValueOf(message)).toBe(bid);
    expect(auctionMessageTextOf(message)).toBe(text);
  });
});

describe('chat cells', () => {
  it('says No messages and No blocked user when empty', () => {
    expect(lastMessageOf({ lastMessage: null })).toBe('No messages');
    expect(lastMessageOf({ lastMessage: '' })).toBe('No messages');
    expect(lastMessageOf({ lastMessage: 'hi' })).toBe('hi');
    expect(blockedUserOf({ blockedUser: null })).toBe('No blocked user');
    expect(blockedUserOf({ blockedUser: { id: 'u', userName: 'bob', avatar: null } })).toBe('bob');
  });

  it('badges a message Seen or Not seen', () => {
    expect(seenBadgeOf({ isSeen: true })).toBe('Seen');
    expect(seenBadgeOf({ isSeen: false })).toBe('Not seen');
  });
});
