// A screen the signed-in role may not use says so, rather than failing its calls ("The rows
// could not be loaded" with Retry): the same permission table the API enforces decides.
import { mayDo, type AdminRole, type UiAction } from '../../shared/contract/admin-permissions.js';

/** Why `role` cannot open `screen` (its opening action `action`), or null when it may. */
export function screenRefusal(role: AdminRole | null, action: UiAction, screen: string): string | null {
  if (mayDo(role, action)) return null;
  return role === null
    ? `Your account has no admin role that can open ${screen}`
    : `Your role, ${role}, cannot open ${screen}`;
}
