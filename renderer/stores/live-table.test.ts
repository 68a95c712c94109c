import { describe, expect, it } from 'vitest';
import { eventsOfTable, liveActionOf } from './live-table.js';

describe('live tables', () => {
  it('feeds each moderation table from its own events', () => {
    expect(eventsOfTable('auctionMessages').sort()).toEqual(
      ['auctionMessageDeleted', 'giveawayEnded', 'giveawayEntriesUpdated', 'newBid', 'userMessage'].sort(),
    );
    expect(eventsOfTable('chats').sort()).toEqual(['blockChat', 'chatDeleted', 'newChat', 'updateChat'].sort());
    expect(eventsOfTable('chatMessages').sort()).toEqual(['messageDeleted', 'newMessage'].sort());
  });

  it.each([
    ['messageDeleted', 'remove'],
    ['chatDeleted', 'remove'],
    ['auctionMessageDeleted', 'remove'],
    ['newMessage', 'upsert'],
    ['updateChat', 'upsert'],
    ['newBid', 'upsert'],
  ] as const)('%s means %s', (name, action) => {
    expect(liveActionOf(name)).toBe(action);
  });
});
