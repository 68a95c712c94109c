// ID tokens of the Auth emulator, checked as firebase-admin checks them in emulator mode (the
// emulator signs nothing: header `alg: none`, then audience, issuer, subject and expiry) but
// without the `getUser` firebase-admin adds to every emulator verification, so the emulator
// stack asks about revocation exactly as production does: through the remembered standings
// (account-standing.ts). Never used without FIREBASE_AUTH_EMULATOR_HOST, which config.ts
// refuses in production.
import type { DecodedIdToken } from 'firebase-admin/auth';

/** A refusal with the code firebase-admin would give (a 401 for the caller). */
class EmulatorTokenError extends Error {
  readonly code = 'auth/argument-error';
}

function part(segment: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new EmulatorTokenError('Malformed ID token');
}

export function verifyEmulatorIdToken(token: string, projectId: string, nowMs = Date.now()): DecodedIdToken {
  const [header, payload] = token.split('.');
  const head = part(header);
  const claims = part(payload);
  const now = nowMs / 1000;
  const problems = [
    head.alg !== 'none' && 'not an emulator token',
    claims.aud !== projectId && 'wrong audience',
    claims.iss !== `https://securetoken.google.com/${projectId}` && 'wrong issuer',
    (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 128) && 'no subject',
    (typeof claims.exp !== 'number' || claims.exp <= now) && 'expired',
    typeof claims.auth_time !== 'number' && 'no auth_time',
  ].filter(Boolean);
  if (problems.length > 0) throw new EmulatorTokenError(`Invalid ID token: ${problems.join(', ')}`);
  return { ...claims, uid: claims.sub } as DecodedIdToken;
}
