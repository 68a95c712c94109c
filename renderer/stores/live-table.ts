// Feeds a table from the `/admin` events (ADMIN_EVENT_TABLE): rows pushed by the server are
// inserted (or held, when the moderator is not at the top); deletions disappear.
import { useEffect } from 'react';
import type { z } from 'zod';
import { AuditEntry } from '../../shared/contract/accountability.js';
import { MarketDayUpdated } from '../../shared/contract/admin-metrics-routes.js';
import { AuctionMessage, Chat, ChatMessage } from '../../shared/contract/entities.js';
import type { AdminEvent } from '../../shared/contract/market-api.js';
import {
  ADMIN_EVENT_NAMES,
  ADMIN_EVENT_TABLE,
  ListingStanding,
  type AdminEventName,
} from '../../shared/contract/realtime-events.js';
import { ReviewCase } from '../../shared/contract/review-cases.js';
import { hasMarket, market } from '../bridge.js';
import type { ListStore } from './list-store.js';

export type LiveTable = (typeof ADMIN_EVENT_TABLE)[AdminEventName];

/**
 * The row each live table shows. The event map says every `/admin` event carries its table's list
 * item; live-table.test.ts checks that each row event's schema is this one, which is what lets a
 * pushed payload be taken as the table's row below.
 */
export const LIVE_ROW_SCHEMAS = {
  auctionMessages: AuctionMessage,
  chats: Chat,
  chatMessages: ChatMessage,
  reviewCases: ReviewCase,
  auditLog: AuditEntry,
  marketMetrics: MarketDayUpdated,
  auctionStandings: ListingStanding,
} as const satisfies Record<LiveTable, z.ZodType>;
export type LiveRow<L extends LiveTable> = z.infer<(typeof LIVE_ROW_SCHEMAS)[L]>;

/** The events that feed a table. */
export function eventsOfTable(table: LiveTable): AdminEventName[] {
  return ADMIN_EVENT_NAMES.filter((name) => ADMIN_EVENT_TABLE[name] === table);
}

/** A '…Deleted' event carries only the id of a row to drop; every other event is a whole row. */
export function liveActionOf(name: AdminEventName): 'remove' | 'upsert' {
  return name.endsWith('Deleted') ? 'remove' : 'upsert';
}

type RowEvent<L extends LiveTable> = { name: AdminEventName; payload: LiveRow<L> };

/** An event of `table` that carries a whole row (not a deletion). */
export function isRowEvent<L extends LiveTable>(table: L, event: AdminEvent): event is AdminEvent & RowEvent<L> {
  return ADMIN_EVENT_TABLE[event.name] === table && liveActionOf(event.name) === 'upsert';
}

/** The events that keep a table of `T` rows live, and the test that one of them carries a row. */
export interface LiveFeed<T> {
  table: LiveTable;
  isRow(event: AdminEvent): event is AdminEvent & { payload: T };
}

export function liveFeed<L extends LiveTable>(table: L): LiveFeed<LiveRow<L>> {
  return { table, isRow: (event): event is AdminEvent & RowEvent<L> => isRowEvent(table, event) };
}

/**
 * Events are applied once per animation frame, all that arrived since the last one together:
 * under hundreds of events a second the table renders at most once a frame, not once an event.
 * `accepts` keeps out a pushed row the table's current view does not show (a filter): such a
 * row leaves the table if it was there. It is read when the row arrives, so it should read the
 * view's state, not capture it. No feed: the table is not live.
 */
export function useLiveTable<T extends { id: string }, K extends string>(
  feed: LiveFeed<T> | undefined,
  store: ListStore<T, K>,
  accepts?: (row: T) => boolean,
) {
  useEffect(() => {
    if (!feed || !hasMarket()) return;
    let queued: ({ remove: string } | { row: T })[] = [];
    let frame: number | null = null;
    const apply = () => {
      frame = null;
      const changes = queued;
      queued = [];
      for (const change of changes) {
        const state = store.getState();
        if ('remove' in change) state.removeLocal(change.remove);
        else state.receiveLive(change.row, state.isAtTop());
      }
    };
    const unsubscribe = market.events.subscribe(eventsOfTable(feed.table), (event) => {
      if (feed.isRow(event) && (!accepts || accepts(event.payload))) queued.push({ row: event.payload });
      else if ('id' in event.payload) queued.push({ remove: event.payload.id });
      frame ??= requestAnimationFrame(apply);
    });
    return () => {
      unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
      apply();
    };
  }, [feed, store, accepts]);
}
