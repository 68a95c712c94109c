// The typed way the rest of the server pushes realtime events: names and payloads come from
// the contract's event maps, so a wrong payload fails typecheck, and in development and tests
// also at run time (the zod schema), before a client ever sees it.
import type { Server } from 'socket.io';
import type { RealtimeEventName } from '../../../shared/contract/enums.js';
import type {
  AdminEventName,
  AdminEventPayload,
  MarketEventPayload,
} from '../../../shared/contract/realtime-events.js';
import {
  ADMIN_EVENT_TABLE,
  ADMIN_NAMESPACE,
  adminEvents,
  marketEvents,
} from '../../../shared/contract/realtime-events.js';
import type { AdminRouteName } from '../../../shared/contract/admin-api.js';
import { ADMIN_ROLES, mayUseRoute } from '../../../shared/contract/admin-permissions.js';
import { adminRoleRoom } from './handshake.js';

export interface RealtimePublisher {
  /** To every admin connected to `/admin` whose role may read the event's list, on any node. */
  publishAdmin<E extends AdminEventName>(event: E, payload: AdminEventPayload<E>): void;
  /** To the default-namespace sockets in `rooms` (`listingRoom(id)`, `userRoom(id)`), on any node. */
  publishMarket<E extends RealtimeEventName>(
    event: E,
    rooms: string | readonly string[],
    payload: MarketEventPayload<E>,
  ): void;
}

export interface PublisherOptions {
  /** Parse every payload with its schema before sending; on by default outside production. */
  validate?: boolean;
}

/** The admin list each `/admin` event feeds: only roles that may read that list hear it. */
const EVENT_LIST_ROUTE: Record<(typeof ADMIN_EVENT_TABLE)[AdminEventName], AdminRouteName> = {
  auctionMessages: 'auctionMessages.list',
  chats: 'chats.list',
  chatMessages: 'messages.list',
  auditLog: 'auditLog.list',
  reviewCases: 'reviewCases.list',
  marketMetrics: 'metrics.market',
  auctionStandings: 'listings.active',
};

/** The role rooms an admin event goes to. */
export function adminEventRooms(event: AdminEventName): string[] {
  const route = EVENT_LIST_ROUTE[ADMIN_EVENT_TABLE[event]];
  return ADMIN_ROLES.filter((role) => mayUseRoute(role, route)).map(adminRoleRoom);
}

export function createPublisher(io: Server, options: PublisherOptions = {}): RealtimePublisher {
  const validate = options.validate ?? process.env.NODE_ENV !== 'production';
  const admin = io.of(ADMIN_NAMESPACE);
  return {
    publishAdmin(event, payload) {
      if (validate) adminEvents[event].parse(payload);
      admin.to(adminEventRooms(event)).emit(event, payload);
    },
    publishMarket(event, rooms, payload) {
      if (validate) marketEvents[event].parse(payload);
      const targets = typeof rooms === 'string' ? [rooms] : [...rooms];
      // `to([])` would mean "everybody": an event with no room goes nowhere instead.
      if (targets.length === 0) return;
      io.to(targets).emit(event, payload);
    },
  };
}
