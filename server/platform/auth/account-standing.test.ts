import { describe, expect, it } from 'vitest';
import { accountStandings, tokenStands, type AccountStanding } from './account-standing.js';
import { IdentityUnavailableError } from './identity.js';

function provider() {
  const calls: { uid: string; answer: (standing: AccountStanding) => void; fail: (error: unknown) => void }[] = [];
  const lookup = (uid: string) =>
    new Promise<AccountStanding>((answer, fail) => {
      calls.push({ uid, answer, fail });
    });
  return { calls, lookup };
}
const GOOD: AccountStanding = { validSinceMs: 1_000, disabled: false };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('tokenStands', () => {
  it.each([
    [{ validSinceMs: null, disabled: false }, 0, true],
    [{ validSinceMs: 5_000, disabled: false }, 5, true],
    [{ validSinceMs: 5_000, disabled: false }, 4, false],
    [{ validSinceMs: null, disabled: true }, 10, false],
  ])('%o, signed in at %s s: %s', (standing, authTime, stands) => {
    expect(tokenStands(standing, authTime)).toBe(stands);
  });
});

describe('accountStandings', () => {
  it('asks once for concurrent requests, then answers from memory', async () => {
    const { calls, lookup } = provider();
    const clock = 0;
    const standings = accountStandings({ lookup, now: () => clock });
    const answers = Promise.all([standings.standing('a'), standings.standing('a')]);
    expect(calls).toHaveLength(1);
    calls[0]!.answer(GOOD);
    expect(await answers).toEqual([GOOD, GOOD]);
    expect(await standings.standing('a')).toEqual(GOOD);
    expect(calls).toHaveLength(1);
  });

  it('refreshes in the background after refreshAfterMs and waits for the provider after maxAgeMs', async () => {
    const { calls, lookup } = provider();
    let clock = 0;
    const standings = accountStandings({ lookup, now: () => clock, maxAgeMs: 60_000, refreshAfterMs: 30_000 });
    const first = standings.standing('a');
    calls[0]!.answer(GOOD);
    await first;
    clock = 30_001;
    expect(await standings.standing('a')).toEqual(GOOD); // from memory, while a refresh starts
    expect(calls).toHaveLength(2);
    const revoked = { validSinceMs: 9_000, disabled: false };
    calls[1]!.answer(revoked);
    await tick();
    expect(await standings.standing('a')).toEqual(revoked);
    clock = 30_001 + 60_001;
    let settled = false;
    const late = standings.standing('a').then((standing) => ((settled = true), standing));
    await tick();
    expect(settled).toBe(false); // older than 60 s: never answered from memory
    calls[2]!.answer(GOOD);
    expect(await late).toEqual(GOOD);
  });

  it('forgets at once, and a lookup that started before the forgetting does not write its answer', async () => {
    const { calls, lookup } = provider();
    const standings = accountStandings({ lookup, now: () => 0 });
    const before = standings.standing('a');
    standings.forget('a');
    calls[0]!.answer(GOOD);
    await before;
    expect(standings.size).toBe(0);
    void standings.standing('a');
    expect(calls).toHaveLength(2);
  });

  it('answers IdentityUnavailableError when the provider stalls past the time-out', async () => {
    const standings = accountStandings({ lookup: () => new Promise(() => undefined), timeoutMs: 20 });
    await expect(standings.standing('a')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('keeps the remembered answer when a background refresh fails, until it is too old', async () => {
    const { calls, lookup } = provider();
    let clock = 0;
    const errors: unknown[] = [];
    const standings = accountStandings({ lookup, now: () => clock, onRefreshError: (error) => errors.push(error) });
    const first = standings.standing('a');
    calls[0]!.answer(GOOD);
    await first;
    clock = 45_000;
    expect(await standings.standing('a')).toEqual(GOOD);
    calls[1]!.fail(new Error('network'));
    await tick();
    expect(errors).toHaveLength(1);
    expect(await standings.standing('a')).toEqual(GOOD);
  });

  it('keeps at most `capacity` accounts', async () => {
    const standings = accountStandings({ lookup: async () => GOOD, capacity: 2 });
    for (const uid of ['a', 'b', 'c']) await standings.standing(uid);
    expect(standings.size).toBe(2);
  });
});
