// Admin changes other parts of the server react to, emitted after their transaction commits.
// The realtime plugin listens here to push deletions to every open admin window (so every
// moderator's list stays true, not only the deleter's) and a cancelled order to its buyer and seller.
import { EventEmitter } from 'node:events';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import type { AuditEntry } from '../../../shared/contract/accountability.js';
import type { ListingStanding } from '../../../shared/contract/realtime-events.js';

export interface AdminEventMap {
  auctionMessageDeleted: [{ id: string }];
  chatDeleted: [{ id: string }];
  messageDeleted: [{ id: string }];
  /** A moderator claimed, released or resolved a review case. */
  reviewCaseUpdated: [ReviewCase];
  orderCancelled: [
    { orderId: string; listingId: string; buyerId: string; sellerId: string; trackingCode: string | null },
  ];
  /** A user was suspended or banned: their sockets are disconnected. */
  accountSuspended: [{ userId: string }];
  /**
   * An owner revoked an admin's sessions, changed their role or removed them: every node forgets
   * what it remembers of that account's sessions (the realtime layer carries it to the others).
   */
  adminSessionsChanged: [{ uid: string }];
  /** A listing's hold was released and its end moved on (`endTime`: epoch ms as text): its room is told. */
  listingHoldReleased: [{ listingId: string; endTime: string }];
  /**
   * An admin voided bids on a running auction: its room hears the recomputed standing, and every
   * back office `auctionStandingChanged`.
   */
  bidsVoided: [ListingStanding];
  /** An admin action was logged and committed: the audit log screens show it. */
  auditEntryAdded: [AuditEntry];
}

export type AdminEvents = EventEmitter<AdminEventMap>;

export function createAdminEvents(): AdminEvents {
  return new EventEmitter<AdminEventMap>();
}
