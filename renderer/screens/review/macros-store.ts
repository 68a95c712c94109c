// The team's macros, loaded once a case drawer or Settings needs them and after each change.
import { createStore, useStore } from 'zustand';
import type { Macro } from '../../../shared/contract/review-team.js';
import { hasMarket, market } from '../../bridge.js';

export const macrosStore = createStore<{ macros: Macro[]; loaded: boolean }>()(() => ({ macros: [], loaded: false }));
export const useMacros = () => useStore(macrosStore, (s) => s.macros);

export async function reloadMacros(): Promise<void> {
  if (!hasMarket()) return;
  const result = await market.admin.macros.list();
  if (result.ok) macrosStore.setState({ macros: result.data.items, loaded: true });
}
