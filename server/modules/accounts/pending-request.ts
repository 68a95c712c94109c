// The pending seller request a user row carries, joined as `request_*` columns: the admin's user
// list and the user's own account (`GET /user`) both show it in the PendingRequest shape.
import type { PendingRequest } from '../../../shared/contract/entities.js';
import { isoOf } from '../../platform/db/values.js';
import type { sellerRequests } from '../../platform/db/schema/index.js';
import type { Nullable, SqlColumn } from '../../platform/db/sql-row.js';

/** A LEFT JOIN's columns: all null when the user has no request waiting. */
export type PendingRequestColumns = Nullable<{
  request_id: SqlColumn<typeof sellerRequests, 'id'>;
  request_description: SqlColumn<typeof sellerRequests, 'description'>;
  request_created_at: SqlColumn<typeof sellerRequests, 'created_at'>;
  request_instagram_link: SqlColumn<typeof sellerRequests, 'instagram_link'>;
  request_tik_tok_link: SqlColumn<typeof sellerRequests, 'tik_tok_link'>;
  request_other_profile_link: SqlColumn<typeof sellerRequests, 'other_profile_link'>;
}>;

/** The request, or null when the user has none waiting. */
export function pendingRequestOf(row: PendingRequestColumns): PendingRequest | null {
  if (!row.request_id || !row.request_created_at) return null;
  return {
    id: row.request_id,
    description: row.request_description ?? '',
    createdAt: isoOf(row.request_created_at),
    instagramLink: row.request_instagram_link,
    tikTokLink: row.request_tik_tok_link,
    otherProfileLink: row.request_other_profile_link,
  };
}
