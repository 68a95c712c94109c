// Feeds a moderation table from the `/admin` events (ADMIN_EVENT_TABLE): rows pushed by the
// server are inserted (or held, when the moderator is not at the top); deletions disappear.
import { useEffect } from 'react';
import { ADMIN_EVENT_NAMES, ADMIN_EVENT_TABLE, type AdminEventName } from '../../shared/contract/realtime-events.js';
import { hasMarket, market } from '../bridge.js';
import type { ListStore } from './list-store.js';

export type LiveTable = (typeof ADMIN_EVENT_TABLE)[AdminEventName];

/** The events that feed a table. */
export function eventsOfTable(table: LiveTable): AdminEventName[] {
  return ADMIN_EVENT_NAMES.filter((name) => ADMIN_EVENT_TABLE[name] === table);
}

/** A '…Deleted' event carries only the id of a row to drop; every other event is a whole row. */
export function liveActionOf(name: AdminEventName): 'remove' | 'upsert' {
  return name.endsWith('Deleted') ? 'remove' : 'upsert';
}

type LiveEvent = Parameters<Parameters<typeof market.events.subscribe>[1]>[0];

/**
 * Events are applied once per animation frame, all that arrived since the last one together:
 * under hundreds of events a second the table renders at most once a frame, not once an event.
 * `accepts` keeps out a pushed row the table's current view does not show (the audit log's
 * filters); it is read when the row arrives, so it should read the view's state, not capture it.
 */
export function useLiveTable<T extends { id: string }, K extends string>(
  table: LiveTable,
  store: ListStore<T, K>,
  accepts?: (row: T) => boolean,
) {
  useEffect(() => {
    if (!hasMarket()) return;
    let queued: LiveEvent[] = [];
    let frame: number | null = null;
    const apply = () => {
      frame = null;
      const events = queued;
      queued = [];
      for (const event of events) {
        const state = store.getState();
        if (liveActionOf(event.name) === 'remove') state.removeLocal(event.payload.id);
        // The event map guarantees this table's events carry this table's row shape.
        else state.receiveLive(event.payload as unknown as T, state.isAtTop());
      }
    };
    const unsubscribe = market.events.subscribe(eventsOfTable(table), (event) => {
      if (accepts && liveActionOf(event.name) !== 'remove' && !accepts(event.payload as unknown as T)) return;
      queued.push(event);
      frame ??= requestAnimationFrame(apply);
    });
    return () => {
      unsubscribe();
      if (frame !== null) cancelAnimationFrame(frame);
      apply();
    };
  }, [table, store, accepts]);
}
