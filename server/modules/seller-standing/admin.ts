// The back office's seller standing: the handler parses (the contract did) and reads standing.ts.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { sellerStandingOf } from './standing.js';

export function sellerStandingHandlers({ reads }: AdminDeps) {
  return {
    'users.sellerStanding': async ({ params }) => sellerStandingOf(reads, params.id, Date.now()),
  } satisfies Partial<AdminHandlers>;
}
