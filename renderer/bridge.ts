// Typed access to `window.market`, the renderer's only way to reach data (preload in
// Electron, the browser host's shim in a browser). It is read lazily so a host that installs
// it after this module loads still works, and so a page without it can say so instead of crashing.
import type { AdminRouteName, RouteDef } from '../shared/contract/admin-api.js';
import type { AdminApi, AdminCallOf, AdminCallPerRoute, MarketApi } from '../shared/contract/market-api.js';
import { groupedByRoute } from '../shared/contract/route-map.js';
import { withStepUp } from './components/step-up/step-up.js';
import { confirmItsYou } from './components/step-up/step-up-store.js';
import { whileUnavailable } from './components/service-state/service-state.js';
import { setServiceUnavailable } from './components/service-state/service-store.js';

export function hasMarket(): boolean {
  return typeof window !== 'undefined' && window.market !== undefined;
}

function requireMarket(): MarketApi {
  const api = typeof window === 'undefined' ? undefined : window.market;
  if (!api) throw new Error('window.market is not available: the renderer runs outside its host');
  return api;
}

/**
 * The host's admin calls, each one asking "Confirm it's you" and retrying once when the API wants
 * a recent sign-in (step-up.ts), and reading again while the API is unavailable (service-state.ts):
 * every screen's refund, ban or deletion and every table gets both without code of its own.
 */
export function withStepUpPrompt(
  admin: AdminApi,
  confirm: () => Promise<boolean>,
  onUnavailable: (unavailable: boolean) => void = () => undefined,
): AdminApi {
  return groupedByRoute<AdminCallPerRoute>(<N extends AdminRouteName>(name: N, route: RouteDef) => {
    const dot = name.indexOf('.');
    // Looked up at call time: the host built this method from the same route table, so it is
    // route N's call (a test's fake host may fill in only the routes it uses).
    const call = (): AdminCallOf<N> => {
      const group: Record<string, unknown> = admin[name.slice(0, dot) as keyof AdminApi];
      return group[name.slice(dot + 1)] as AdminCallOf<N>;
    };
    // A read is retried while the API answers 503 (the banner says so); a write is not repeated.
    const retry = route.method === 'GET';
    const stepped: AdminCallOf<N> = (...args) =>
      withStepUp(() => whileUnavailable(() => call()(...args), { retry, onUnavailable }), confirm);
    return stepped;
  });
}

const steppedUp = new WeakMap<AdminApi, AdminApi>();

/** `market.admin.users.list({query: {page: 1}})`, `market.session.signIn(…)`, … */
export const market: MarketApi = {
  get session() {
    return requireMarket().session;
  },
  get admin() {
    const admin = requireMarket().admin;
    let stepped = steppedUp.get(admin);
    if (!stepped) steppedUp.set(admin, (stepped = withStepUpPrompt(admin, confirmItsYou, setServiceUnavailable)));
    return stepped;
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
