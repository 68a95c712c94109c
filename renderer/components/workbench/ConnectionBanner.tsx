// A banner over the screen while live updates are down: offline, or reconnecting for longer
// than a blink (a short reconnect at start-up shows nothing). Tables still load and retry.
import { Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useConnectionState } from '../../stores/connection-store.js';

const GRACE_MS = 4000;

export function ConnectionBanner() {
  const state = useConnectionState();
  const [browserOffline, setBrowserOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [late, setLate] = useState(false);

  useEffect(() => {
    const update = () => setBrowserOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  useEffect(() => {
    setLate(false);
    if (state === 'connected') return;
    const timer = setTimeout(() => setLate(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const offline = browserOffline || (late && state === 'offline');
  if (!offline && !(late && state === 'reconnecting')) return null;
  return (
    <div className="connection-banner" role="status" aria-live="polite">
      <Callout intent={offline ? 'danger' : 'warning'} icon={offline ? 'offline' : 'refresh'} compact>
        {offline
          ? 'Offline: live updates are paused. Failed loads can be retried once the connection is back.'
          : 'Reconnecting to live updates…'}
      </Callout>
    </div>
  );
}
