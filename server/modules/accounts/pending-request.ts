// The pending seller request a user row carries, joined as `request_*` columns: the admin's user
// list and the user's own account (`GET /user`) both show it in the PendingRequest shape.
import type { PendingRequest } from '../../../shared/contract/entities.js';
import { isoOf } from '../../platform/db/values.js';
import type { z } from 'zod';
import { sellerRequests } from '../../platform/db/schema/index.js';
import { leftJoined, sqlColumn } from '../../platform/db/sql-row.js';

/** The pending seller request's columns, a LEFT JOIN: all null when the user has no request waiting. */
export const PENDING_REQUEST_COLUMNS = leftJoined({
  request_id: sqlColumn(sellerRequests, 'id'),
  request_description: sqlColumn(sellerRequests, 'description'),
  request_created_at: sqlColumn(sellerRequests, 'created_at'),
  request_instagram_link: sqlColumn(sellerRequests, 'instagram_link'),
  request_tik_tok_link: sqlColumn(sellerRequests, 'tik_tok_link'),
  request_other_profile_link: sqlColumn(sellerRequests, 'other_profile_link'),
});
type PendingRequestColumns = z.output<typeof PENDING_REQUEST_COLUMNS>;

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
