// The back office's community routes: ratings moderation.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { deleteRating, listRatingsForAdmin } from './rating-admin.js';

export function communityAdminHandlers({ db, reads }: AdminDeps) {
  return {
    'ratings.list': async ({ query }) => listRatingsForAdmin(reads, query),
    'ratings.delete': async ({ params, admin }) => {
      await deleteRating(db, params.id, admin);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
