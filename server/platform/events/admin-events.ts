// Admin changes other parts of the server react to, emitted after their transaction commits.
// The realtime plugin listens here to push deletions to every open admin window (so every
// moderator's list stays true, not only the deleter's) and a cancelled order to its buyer and seller.
import { EventEmitter } from 'node:events';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';

export interface AdminEventMap {
  auctionMessageDeleted: [{ id: string }];
  chatDeleted: [{ id: string }];
  messageDeleted: [{ id: string }];
  /** A moderator claimed, released or resolved a review case. */
  reviewCaseUpdated: [ReviewCase];
  orderCancelled: [
    { orderId: string; listingId: string; buyerId: string; sellerId: string; trackingCode: string | null },
  ];
}

export type AdminEvents = EventEmitter<AdminEventMap>;

export function createAdminEvents(): AdminEvents {
  return new EventEmitter<AdminEventMap>();
}
