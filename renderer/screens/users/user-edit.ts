// What 'Edit user' sends: only the fields the admin changed, as one PATCH /admin/users/{id}
// (users.update), so a field left alone is never rewritten over a change made meanwhile.
import type { AdminUser } from '../../../shared/contract/entities.js';

export interface UserEditDraft {
  userName: string;
  email: string;
  sellerFee: number;
  sellerEnabled: boolean;
  featured: boolean;
}

export type UserPatch = Partial<UserEditDraft>;

export function userEditDraftOf(user: AdminUser): UserEditDraft {
  return {
    userName: user.userName ?? '',
    email: user.email,
    sellerFee: user.sellerFee,
    sellerEnabled: user.sellerEnabled,
    featured: user.featured,
  };
}

/**
 * The changed fields, trimmed; `null` when nothing changed or a name or email was emptied (the
 * route refuses both, so Save stays off instead of sending a request bound to fail).
 */
export function userPatchOf(user: AdminUser, draft: UserEditDraft): UserPatch | null {
  const before = userEditDraftOf(user);
  const userName = draft.userName.trim();
  const email = draft.email.trim();
  if (userName === '' || email === '') return null;
  const patch: UserPatch = {};
  if (userName !== before.userName) patch.userName = userName;
  if (email !== before.email) patch.email = email;
  if (draft.sellerFee !== before.sellerFee) patch.sellerFee = draft.sellerFee;
  if (draft.sellerEnabled !== before.sellerEnabled) patch.sellerEnabled = draft.sellerEnabled;
  if (draft.featured !== before.featured) patch.featured = draft.featured;
  return Object.keys(patch).length > 0 ? patch : null;
}
