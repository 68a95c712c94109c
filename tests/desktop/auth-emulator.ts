// Starts the real Firebase Auth emulator (firebase-tools, offline, project demo-market) on a
// free port of its own for one test file, and seeds accounts through its REST API.
import { startAuthEmulator as startOwnEmulator } from '../support/auth-emulator.js';
import { freePort } from '../support/free-port.js';

export const PROJECT_ID = 'demo-market';
export const API_KEY = 'demo-key';

export interface AuthEmulator {
  url: string;
  createUser(email: string, password: string, claims?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(timeoutMs = 120_000): Promise<AuthEmulator> {
  // Started (and stopped, even if this worker dies) by the one emulator starter of the repo.
  const host = `127.0.0.1:${await freePort()}`;
  const emulator = await startOwnEmulator(timeoutMs, host);
  const url = `http://${host}`;
  const stop = () => emulator.stop();

  const toolkit = `${url}/identitytoolkit.googleapis.com/v1`;
  return {
    url,
    stop,
    async createUser(email, password, claims) {
      const signUp = await fetch(`${toolkit}/accounts:signUp?key=${API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      const { localId } = (await signUp.json()) as { localId: string };
      // Verified like the demo accounts (ensureDemoAccounts): the API links an existing
      // marketplace row only to a verified email.
      const update = await fetch(`${toolkit}/projects/${PROJECT_ID}/accounts:update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({
          localId,
          emailVerified: true,
          ...(claims ? { customAttributes: JSON.stringify(claims) } : {}),
        }),
      });
      if (!update.ok) throw new Error(`updating the account failed: ${await update.text()}`);
      return localId;
    },
  };
}
