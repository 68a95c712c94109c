// The live connection to the `/admin` events, for the indicator beside moderation tables and the
// offline banner.
import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../shared/contract/market-api.js';
import { hasMarket, market } from '../bridge.js';

/**
 * While not connected, the state is asked again this often: a change pushed before this window's
 * subscription was in place (the browser host's event stream opens after the first ask) would
 * otherwise leave it saying "offline" beside a table that is live.
 */
const RECHECK_MS = 3000;

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
  useEffect(() => {
    if (state === 'connected' || !hasMarket()) return;
    let live = true;
    const timer = setInterval(() => {
      void market.events
        .connectionState()
        .then((current) => live && setState(current))
        .catch(() => undefined);
    }, RECHECK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [state]);
  return state;
}
