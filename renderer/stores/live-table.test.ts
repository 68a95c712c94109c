import { describe, expect, it } from 'vitest';
import { ADMIN_EVENT_NAMES, ADMIN_EVENT_TABLE, adminEvents } from '../../shared/contract/realtime-events.js';
import { eventsOfTable, LIVE_ROW_SCHEMAS, liveActionOf } from './live-table.js';

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

describe('live rows', () => {
  it('every row event of a table carries that table row (what lets a pushed payload be its row)', () => {
    for (const name of ADMIN_EVENT_NAMES) {
      if (liveActionOf(name) === 'remove') continue;
      expect(adminEvents[name], name).toBe(LIVE_ROW_SCHEMAS[ADMIN_EVENT_TABLE[name]]);
    }
  });
});
