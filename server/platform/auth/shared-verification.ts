// Concurrent verifications of one ID token share a single call to the provider. Verifying a
// Firebase token with the revocation check costs a round trip to Firebase Auth (a `getUser`), and
// a moderator's window sends several requests at once with the same token (a screen, its counts,
// the statistics), as does every busy client. Nothing is remembered once the call settles, so a
// revocation, a disabled account or a changed claim is seen by the next request that starts
// after the provider answered: the freshness is that of the call the request joined, never older
// than one round trip.
export type Verify<T> = (token: string) => Promise<T>;

export function sharedVerification<T>(verify: Verify<T>): Verify<T> & { readonly inFlight: number } {
  const pending = new Map<string, Promise<T>>();
  const shared = (token: string): Promise<T> => {
    const joined = pending.get(token);
    if (joined) return joined;
    const call = verify(token).finally(() => pending.delete(token));
    pending.set(token, call);
    return call;
  };
  return Object.defineProperty(shared, 'inFlight', { get: () => pending.size }) as Verify<T> & {
    readonly inFlight: number;
  };
}
