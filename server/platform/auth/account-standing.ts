// What the API remembers of each account's sessions, so a request does not ask the identity
// provider whether its token was revoked (a round trip to Google per click, and the reason a
// stalled provider used to hang every request). Per uid: "tokens valid since" and "disabled",
// answered from memory for at most `maxAgeMs` (60 s), refreshed in the background once older
// than `refreshAfterMs`, and forgotten at once when this API revokes the account's sessions or
// changes its role (on every node: the realtime layer carries `forget` across, market-api.ts).
// A lookup that fails or does not answer within `timeoutMs` is `IdentityUnavailableError`
// (503, never 401): a stalled provider must not sign anyone out.
import { IdentityUnavailableError } from './identity.js';

export interface AccountStanding {
  /** Tokens whose sign-in (`auth_time`) is earlier than this are revoked; null: none are. */
  validSinceMs: number | null;
  disabled: boolean;
}

export interface AccountStandingOptions {
  /** Asks the provider; rejects with a provider error (an unknown account: `auth/user-not-found`). */
  lookup(uid: string): Promise<AccountStanding>;
  maxAgeMs?: number;
  refreshAfterMs?: number;
  timeoutMs?: number;
  /** Accounts remembered at most (the oldest are dropped first). */
  capacity?: number;
  now?: () => number;
  onRefreshError?: (error: unknown) => void;
}

export interface AccountStandings {
  standing(uid: string): Promise<AccountStanding>;
  forget(uid: string): void;
  readonly size: number;
}

interface Entry {
  standing: AccountStanding;
  at: number;
}

/** `promise`, or IdentityUnavailableError once `ms` have passed without an answer. */
export function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IdentityUnavailableError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function accountStandings(options: AccountStandingOptions): AccountStandings {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const refreshAfterMs = options.refreshAfterMs ?? maxAgeMs / 2;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const capacity = options.capacity ?? 50_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // One lookup per uid at a time; `forget` drops it, so a lookup that started before a
  // revocation never writes its (older) answer over the forgetting.
  const pending = new Map<string, Promise<AccountStanding>>();

  function fetch(uid: string): Promise<AccountStanding> {
    const joined = pending.get(uid);
    if (joined) return joined;
    const lookup = withinTime(options.lookup(uid), timeoutMs).then((standing) => {
      if (pending.get(uid) === lookup) {
        entries.delete(uid);
        entries.set(uid, { standing, at: now() });
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      }
      return standing;
    });
    pending.set(uid, lookup);
    void lookup.then(
      () => pending.get(uid) === lookup && pending.delete(uid),
      () => pending.get(uid) === lookup && pending.delete(uid),
    );
    return lookup;
  }

  return {
    standing(uid) {
      const entry = entries.get(uid);
      const age = entry ? now() - entry.at : Infinity;
      if (!entry || age > maxAgeMs) return fetch(uid);
      if (age > refreshAfterMs && !pending.has(uid)) fetch(uid).catch(options.onRefreshError ?? (() => undefined));
      return Promise.resolve(entry.standing);
    },
    forget(uid) {
      entries.delete(uid);
      pending.delete(uid);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Whether a token whose caller signed in at `authTimeSeconds` still stands. */
export function tokenStands(standing: AccountStanding, authTimeSeconds: number): boolean {
  if (standing.disabled) return false;
  return standing.validSinceMs === null || authTimeSeconds * 1000 >= standing.validSinceMs;
}
