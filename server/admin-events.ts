// Admin changes other parts of the server react to. The realtime plugin listens here to push
// deletions to every open admin window (DECISIONS.md, "Realtime").
import { EventEmitter } from 'node:events';

export interface AdminEventMap {
  auctionMessageDeleted: [{ id: string }];
  chatDeleted: [{ id: string }];
  messageDeleted: [{ id: string }];
}

export type AdminEvents = EventEmitter<AdminEventMap>;

export function createAdminEvents(): AdminEvents {
  return new EventEmitter<AdminEventMap>();
}
