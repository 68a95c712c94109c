// Typed access to `window.market`, the renderer's only way to reach data (preload in
// Electron, the browser host's shim in a browser). It is read lazily so a host that installs
// it after this module loads still works, and so a page without it can say so instead of crashing.
import type { MarketApi } from '../shared/contract/market-api.js';

export function hasMarket(): boolean {
  return typeof window !== 'undefined' && window.market !== undefined;
}

function requireMarket(): MarketApi {
  const api = typeof window === 'undefined' ? undefined : window.market;
  if (!api) throw new Error('window.market is not available: the renderer runs outside its host');
  return api;
}

/** `market.admin.users.list({query: {page: 1}})`, `market.session.signIn(…)`, … */
export const market: MarketApi = {
  get session() {
    return requireMarket().session;
  },
  get admin() {
    return requireMarket().admin;
  },
  get events() {
    return requireMarket().events;
  },
  get windows() {
    return requireMarket().windows;
  },
  get exports() {
    return requireMarket().exports;
  },
};
