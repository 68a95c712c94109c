// Wraps a routed screen: a role that may not use it sees why (a deep link, a stale bookmark)
// instead of the screen's calls failing one by one.
import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { UiAction } from '../../shared/contract/admin-permissions.js';
import { useSession } from '../stores/session-store.js';
import { screenRefusal } from './role-gate.js';

export function RoleGate({ action, screen, children }: { action: UiAction; screen: string; children: ReactNode }) {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const refusal = screenRefusal(role, action, screen);
  if (!refusal) return <>{children}</>;
  return (
    <NonIdealState
      className="role-refusal"
      icon="lock"
      title={refusal}
      description="An owner can change your role on the Team screen."
    />
  );
}
