// Whether live moderation updates are arriving: connected / reconnecting / offline.
import { Tag } from '@blueprintjs/core';
import type { ConnectionState } from '../../shared/contract/market-api.js';
import { useConnectionState } from '../stores/connection-store.js';

const LOOK: Record<ConnectionState, { intent: 'success' | 'warning' | 'danger'; text: string }> = {
  connected: { intent: 'success', text: 'Live' },
  reconnecting: { intent: 'warning', text: 'Reconnecting…' },
  offline: { intent: 'danger', text: 'Offline' },
};

export function ConnectionIndicator() {
  const state = useConnectionState();
  const look = LOOK[state];
  return (
    <span role="status" aria-live="polite" title={`Live updates: ${state}`}>
      <Tag intent={look.intent} minimal round icon="feed">
        {look.text}
      </Tag>
    </span>
  );
}
