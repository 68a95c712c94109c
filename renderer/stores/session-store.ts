// The sign-in store: `loading` is true while signing out,
// `user` is undefined when signed out. The session API is injected so tests fake only the edge.
import { createStore, useStore } from 'zustand';
import type { SessionApi, SignInResult } from '../../shared/contract/market-api.js';
import type { SignedInAdmin } from '../../shared/contract/entities.js';
import { market } from '../bridge.js';

export interface SessionState {
  user: SignedInAdmin | undefined;
  loading: boolean;
  /** False until the stored session was asked for, so routes do not redirect too early. */
  restored: boolean;
  restore(): Promise<void>;
  /** Stores the user on success; failures are logged and re-thrown. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** true when signed out (user cleared); false when signing out failed. */
  signOut(): Promise<boolean>;
}

export function createSessionStore(session: () => SessionApi) {
  return createStore<SessionState>()((set) => ({
    user: undefined,
    loading: false,
    restored: false,
    async restore() {
      try {
        const current = await session().current();
        set({ user: current?.isAdmin ? current : undefined, restored: true });
      } catch (error) {
        console.error('Error restoring session', error);
        set({ user: undefined, restored: true });
      }
    },
    async signIn(email, password) {
      try {
        const result = await session().signIn(email, password);
        set({ user: result.ok && result.user.isAdmin ? result.user : undefined });
        return result;
      } catch (error) {
        console.error('Error signing in', error);
        throw error;
      }
    },
    async signOut() {
      set({ loading: true });
      try {
        const ok = await session().signOut();
        if (ok) set({ user: undefined });
        return ok;
      } catch (error) {
        console.error('Error signing out', error);
        return false;
      } finally {
        set({ loading: false });
      }
    },
  }));
}

export const sessionStore = createSessionStore(() => market.session);
export const useSession = <T>(select: (state: SessionState) => T): T => useStore(sessionStore, select);
