// Signs in through the Auth emulator's REST API; the emulator itself is started by
// scripts/auth-emulator.ts (shared with `npm run stack`), re-exported here for the suites.
import { EMULATOR_HOST, WEB_API_KEY } from '../../scripts/auth-emulator.js';

export {
  type AuthEmulator,
  EMULATOR_HOST,
  isAuthEmulatorUp,
  PROJECT_ID,
  startAuthEmulator,
  WEB_API_KEY,
} from '../../scripts/auth-emulator.js';

async function identityToolkit<T>(endpoint: string, body: object): Promise<T> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${endpoint}?key=${WEB_API_KEY}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`accounts:${endpoint} failed: ${json.error?.message ?? response.status}`);
  return json;
}

/** An ID token for an existing emulator account. */
export async function signIn(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  return identityToolkit('signInWithPassword', { email, password, returnSecureToken: true });
}

/** A new emulator account and its ID token. */
export async function signUp(email: string, password: string): Promise<{ idToken: string; localId: string }> {
  return identityToolkit('signUp', { email, password, returnSecureToken: true });
}
