// The back office's bid ladder and voiding bids: each handler calls bid-voids.ts and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { HttpError } from '../../platform/http/errors.js';

export function bidVoidHandlers(_deps: AdminDeps) {
  return {
    'listings.bids': async () => {
      throw new HttpError(501, 'Not implemented yet');
    },
    'listings.voidBids': async () => {
      throw new HttpError(501, 'Not implemented yet');
    },
  } satisfies Partial<AdminHandlers>;
}
