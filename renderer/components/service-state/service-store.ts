// Whether the API answered its last call with a 503: the banner shows while it does.
import { createStore, useStore } from 'zustand';

const serviceState = createStore<{ unavailable: boolean }>()(() => ({ unavailable: false }));

export const setServiceUnavailable = (unavailable: boolean): void => {
  if (serviceState.getState().unavailable !== unavailable) serviceState.setState({ unavailable });
};
export const useServiceUnavailable = (): boolean => useStore(serviceState, (state) => state.unavailable);
