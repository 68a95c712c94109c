// Survival of faults: the "Service unavailable, retrying" state and the retried reads behind it.
export { isServiceUnavailable, whileUnavailable } from './service-state.js';
export { setServiceUnavailable } from './service-store.js';
export { ServiceBanner } from './ServiceBanner.js';
