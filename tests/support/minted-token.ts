// ID tokens minted by the test itself for the Auth emulator: firebase-admin accepts unsigned
// tokens (`alg: none`) in emulator mode, so a test can say when the caller signed in
// (`auth_time`) and which claims the token carries, for an account the emulator knows (the
// revocation check still asks the emulator about it).
import { PROJECT_ID } from './auth-emulator.js';

export interface MintedTokenOptions {
  uid: string;
  email?: string;
  /** Seconds since the caller signed in (the token's `auth_time`); 0 by default. */
  signedInSecondsAgo?: number;
  /** Custom claims, e.g. `{admin: true, adminRole: 'finance'}`. */
  claims?: Record<string, unknown>;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function mintEmulatorToken(options: MintedTokenOptions): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - (options.signedInSecondsAgo ?? 0),
    user_id: options.uid,
    sub: options.uid,
    iat: now,
    exp: now + 3600,
    email: options.email,
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...options.claims,
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}
