// An ID token's signature and claims never change, so a token verified once is remembered until
// it expires: a client's next requests with it skip firebase-admin's RS256 check (and, against the
// emulator, the claims' decoding), the largest part of token verification's cost per request. What
// can change while a token is valid — a revocation, a disabled account — is never read from here:
// every request still asks the account's remembered standing (account-standing.ts). A refusal is
// not remembered, and the memo is bounded: past `max` tokens the oldest is forgotten first.
export interface VerifiedToken<T> {
  /** What the token says, checked once. */
  value: T;
  /** The token's `exp`, in epoch milliseconds: remembered until then, never past it. */
  expiresAtMs: number;
}

export interface VerifiedTokensOptions {
  /** Tokens remembered at most (5,000: a busy node's signed-in users, some 5 MB). */
  max?: number;
  now?: () => number;
}

export function verifiedTokens<T>(
  verify: (token: string) => Promise<VerifiedToken<T>>,
  options: VerifiedTokensOptions = {},
): (token: string) => Promise<T> {
  const max = options.max ?? 5_000;
  const now = options.now ?? Date.now;
  // A Map keeps its insertion order: its first key is the oldest token.
  const remembered = new Map<string, VerifiedToken<T>>();
  return async (token) => {
    const known = remembered.get(token);
    if (known && known.expiresAtMs > now()) return known.value;
    if (known) remembered.delete(token);
    const verified = await verify(token);
    if (verified.expiresAtMs > now()) {
      if (remembered.size >= max) remembered.delete(remembered.keys().next().value!);
      remembered.set(token, verified);
    }
    return verified.value;
  };
}
