// The back office's bid ladder and voiding bids: each handler parses (the contract did), calls
// bid-voids.ts or the voiding flow (flows/void-bids.ts), and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { adminBidLadder } from './bid-voids.js';
import { voidBids } from './flows/void-bids.js';

export function bidVoidHandlers({ db, events }: AdminDeps) {
  return {
    'listings.bids': async ({ params, query }) => adminBidLadder(db, params.id, query.page, query.limit),
    'listings.voidBids': async ({ params, body, admin }) => voidBids({ db, events }, params.id, body, admin),
  } satisfies Partial<AdminHandlers>;
}
