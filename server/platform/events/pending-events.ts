// Realtime events as data: a service collects what its transaction caused, and they are published
// only after it commits (see unit-of-work.ts), through a relay bound late to the Socket.IO node.
import type { RealtimeEventName } from '../../../shared/contract/enums.js';
import type {
  AdminEventName,
  AdminEventPayload,
  MarketEventPayload,
} from '../../../shared/contract/realtime-events.js';
import type { RealtimePublisher } from '../realtime/publisher.js';

/** One realtime event, as data: published only after the transaction that caused it commits. */
export type PendingEvent =
  | {
      [E in RealtimeEventName]: { kind: 'market'; name: E; rooms: readonly string[]; payload: MarketEventPayload<E> };
    }[RealtimeEventName]
  | { [E in AdminEventName]: { kind: 'admin'; name: E; payload: AdminEventPayload<E> } }[AdminEventName];

export const marketEvent = <E extends RealtimeEventName>(
  name: E,
  rooms: readonly string[],
  payload: MarketEventPayload<E>,
): PendingEvent => ({ kind: 'market', name, rooms, payload }) as PendingEvent;

export const adminEvent = <E extends AdminEventName>(name: E, payload: AdminEventPayload<E>): PendingEvent =>
  ({ kind: 'admin', name, payload }) as PendingEvent;

/** A publisher that forwards to whatever realtime node is attached, and drops events before that. */
export interface RelayPublisher extends RealtimePublisher {
  attach(target: RealtimePublisher | null): void;
  publish(events: readonly PendingEvent[]): void;
}

export function createRelayPublisher(onError: (error: unknown) => void = () => undefined): RelayPublisher {
  let target: RealtimePublisher | null = null;
  const relay: RelayPublisher = {
    attach(next) {
      target = next;
    },
    publishAdmin(event, payload) {
      target?.publishAdmin(event, payload);
    },
    publishMarket(event, rooms, payload) {
      target?.publishMarket(event, rooms, payload);
    },
    publish(events) {
      for (const event of events) {
        // A payload the contract refuses is a bug to log, never a reason to fail a committed bid.
        try {
          if (event.kind === 'admin') relay.publishAdmin(event.name, event.payload as never);
          else relay.publishMarket(event.name, event.rooms, event.payload as never);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
  return relay;
}
