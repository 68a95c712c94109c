// The admin colour mode: dark by default; the system setting is ignored.
import { createStore, useStore } from 'zustand';
import type { ColorMode } from '../../shared/contract/market-api.js';
import { DEFAULT_COLOR_MODE } from '../../shared/rules/color-mode.js';

const STORAGE_KEY = 'colorMode';

export function storedColorMode(value: string | null): ColorMode {
  return value === 'light' || value === 'dark' ? value : DEFAULT_COLOR_MODE;
}

function readStored(): ColorMode {
  try {
    return storedColorMode(globalThis.localStorage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return DEFAULT_COLOR_MODE;
  }
}

export interface ColorModeState {
  mode: ColorMode;
  setMode(mode: ColorMode): void;
  toggle(): void;
}

export const colorModeStore = createStore<ColorModeState>()((set, get) => ({
  mode: readStored(),
  setMode(mode) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, mode);
    } catch {
      // A locked-down storage only costs the preference after a reload.
    }
    set({ mode });
  },
  toggle() {
    get().setMode(get().mode === 'dark' ? 'light' : 'dark');
  },
}));

export const useColorMode = <T>(select: (state: ColorModeState) => T): T => useStore(colorModeStore, select);
