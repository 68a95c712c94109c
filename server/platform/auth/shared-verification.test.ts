import { describe, expect, it } from 'vitest';
import { sharedVerification } from './shared-verification.js';

function controlled() {
  const calls: { token: string; settle: (ok: boolean) => void }[] = [];
  const verify = (token: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ token, settle: (ok) => (ok ? resolve(`uid-of-${token}`) : reject(new Error('revoked'))) });
    });
  return { calls, verify };
}

describe('sharedVerification', () => {
  it('lets concurrent requests with one token share one provider call', async () => {
    const { calls, verify } = controlled();
    const shared = sharedVerification(verify);
    const answers = Promise.all([shared('a'), shared('a'), shared('a')]);
    expect(calls).toHaveLength(1);
    expect(shared.inFlight).toBe(1);
    calls[0]!.settle(true);
    expect(await answers).toEqual(['uid-of-a', 'uid-of-a', 'uid-of-a']);
    expect(shared.inFlight).toBe(0);
  });

  it('never shares between different tokens', async () => {
    const { calls, verify } = controlled();
    const shared = sharedVerification(verify);
    const answers = Promise.all([shared('a'), shared('b')]);
    expect(calls.map((call) => call.token)).toEqual(['a', 'b']);
    for (const call of calls) call.settle(true);
    expect(await answers).toEqual(['uid-of-a', 'uid-of-b']);
  });

  it('asks the provider again once a call has settled, so a revocation is seen by the next request', async () => {
    const { calls, verify } = controlled();
    const shared = sharedVerification(verify);
    const first = shared('a');
    calls[0]!.settle(true);
    await first;
    const second = shared('a');
    expect(calls).toHaveLength(2);
    calls[1]!.settle(false);
    await expect(second).rejects.toThrow('revoked');
  });

  it('rejects every joined request when the call fails, and forgets the failure', async () => {
    const { calls, verify } = controlled();
    const shared = sharedVerification(verify);
    const answers = [shared('a'), shared('a')];
    calls[0]!.settle(false);
    for (const answer of answers) await expect(answer).rejects.toThrow('revoked');
    expect(shared.inFlight).toBe(0);
    const again = shared('a');
    calls[1]!.settle(true);
    expect(await again).toBe('uid-of-a');
  });
});
