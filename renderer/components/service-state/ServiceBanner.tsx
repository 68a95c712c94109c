// The one "Service unavailable, retrying" state of a window, above the routed screen.
import { Callout, Spinner } from '@blueprintjs/core';
import { useServiceUnavailable } from './service-store.js';

export function ServiceBanner() {
  if (!useServiceUnavailable()) return null;
  return (
    <Callout intent="warning" icon={<Spinner size={16} />} className="service-banner" role="status">
      Service unavailable, retrying
    </Callout>
  );
}
