// The back office's community routes: ratings moderation.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { deleteRating, listRatingsForAdmin } from './rating-admin.js';

export function communityAdminHandlers({ db }: AdminDeps) {
  return {
    'ratings.list': async ({ query }) => listRatingsForAdmin(db, query),
    'ratings.delete': async ({ params, admin }) => {
      await deleteRating(db, params.id, admin);
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
