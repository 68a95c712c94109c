// The live connection to the `/admin` events, for the indicator beside moderation tables.
import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../shared/contract/market-api.js';
import { hasMarket, market } from '../bridge.js';

export function useConnectionState(): ConnectionState {
  const [state, setState] = useState<ConnectionState>('reconnecting');
  useEffect(() => {
    if (!hasMarket()) {
      setState('offline');
      return;
    }
    let live = true;
    void market.events
      .connectionState()
      .then((current) => live && setState(current))
      .catch(() => live && setState('offline'));
    const stop = market.events.onConnectionState((next) => setState(next));
    return () => {
      live = false;
      stop();
    };
  }, []);
  return state;
}
