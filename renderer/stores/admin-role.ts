// What the signed-in admin's role may do, read from the shared permission table, so the app
// hides exactly what the API would refuse.
import { mayDo, type UiAction } from '../../shared/contract/admin-permissions.js';
import { useSession } from './session-store.js';

/** True when the signed-in admin's role allows `action`. */
export function useMayDo(action: UiAction): boolean {
  return useSession((s) => (s.user ? mayDo(s.user.adminRole, action) : false));
}
