import { describe, expect, it } from 'vitest';
import { verifiedTokens, type VerifiedToken } from './verified-tokens.js';

/** A verifier that counts its calls; a token `bad…` is refused, `exp` is given per token. */
function counted(expiresAtMs: (token: string) => number) {
  const calls: string[] = [];
  const verify = async (token: string): Promise<VerifiedToken<{ token: string }>> => {
    calls.push(token);
    if (token.startsWith('bad')) throw new Error('refused');
    return { value: { token }, expiresAtMs: expiresAtMs(token) };
  };
  return { calls, verify };
}

describe('verified tokens', () => {
  it('verifies a token once and answers its next uses from memory until it expires', async () => {
    let clock = 1_000;
    const { calls, verify } = counted(() => 2_000);
    const check = verifiedTokens(verify, { now: () => clock });
    expect(await check('a')).toEqual({ token: 'a' });
    expect(await check('a')).toEqual({ token: 'a' });
    expect(calls).toEqual(['a']);
    clock = 2_000;
    await check('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never remembers a refusal, nor a token already expired', async () => {
    const { calls, verify } = counted(() => 500);
    const check = verifiedTokens(verify, { now: () => 1_000 });
    await expect(check('bad')).rejects.toThrow('refused');
    await expect(check('bad')).rejects.toThrow('refused');
    await check('late');
    await check('late');
    expect(calls).toEqual(['bad', 'bad', 'late', 'late']);
  });

  it('forgets the oldest token first past its bound', async () => {
    const { calls, verify } = counted(() => Number.MAX_SAFE_INTEGER);
    const check = verifiedTokens(verify, { max: 2 });
    for (const token of ['a', 'b', 'c', 'b', 'a']) await check(token);
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
