// The pending seller request a user row carries, joined as `request_*` columns: the admin's user
// list and the user's own account (`GET /user`) both show it in the PendingRequest shape.
import type { PendingRequest } from '../../../shared/contract/entities.js';
import { isoOf } from '../../platform/db/values.js';

export interface PendingRequestColumns {
  request_id: string | null;
  request_description: string | null;
  request_created_at: Date | string | null;
  request_instagram_link: string | null;
  request_tik_tok_link: string | null;
  request_other_profile_link: string | null;
}

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
