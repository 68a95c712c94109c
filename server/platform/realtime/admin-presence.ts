// Who has the back office open: an admin with an open `/admin` socket on any API node. The
// realtime layer registers after the routes (app.ts), so the routes are handed this holder and
// the realtime layer attaches its answer to it; until then (or in an app built without realtime)
// nobody is online.
import type { AdminRole } from '../../../shared/contract/admin-permissions.js';

/** An admin with an open `/admin` socket, as the realtime layer reports them. */
export interface OnlineAdmin {
  uid: string;
  email: string | null;
  adminRole: AdminRole | null;
}

export interface AdminPresence {
  /** One entry per open socket, on every node (with Redis, every node is asked). */
  online(): Promise<OnlineAdmin[]>;
  /** The realtime layer's answer; null when it closes. */
  attach(source: (() => Promise<OnlineAdmin[]>) | null): void;
}

export function createAdminPresence(): AdminPresence {
  let source: (() => Promise<OnlineAdmin[]>) | null = null;
  return {
    online: async () => (source ? source() : []),
    attach(next) {
      source = next;
    },
  };
}
