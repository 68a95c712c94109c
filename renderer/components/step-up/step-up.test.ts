import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure, ApiResult } from '../../../shared/contract/market-api.js';
import { createStepUpPrompt, isStepUpRefusal, NOT_CONFIRMED, withStepUp } from './step-up.js';

const stepUp: ApiFailure = { status: 401, code: 'reauthenticationRequired', message: 'Confirm it’s you' };
const refused = (error: ApiFailure): ApiResult<number> => ({ ok: false, error });

describe('step-up', () => {
  it.each([
    [stepUp, true],
    [{ status: 401, code: 'Unauthorized', message: 'expired' }, false],
    [{ status: 503, code: 'databaseUnavailable', message: 'down' }, false],
    [{ status: 403, code: 'reauthenticationRequired', message: '?' }, false],
  ])('tells the password refusal apart: %j', (error, expected) => {
    expect(isStepUpRefusal(error)).toBe(expected);
  });

  it('answers at once when the call goes through or fails otherwise, without asking', async () => {
    const confirm = vi.fn(async () => true);
    expect(await withStepUp(async () => ({ ok: true, data: 1 }), confirm)).toEqual({ ok: true, data: 1 });
    const conflict = refused({ status: 409, code: 'Conflict', message: 'no' });
    expect(await withStepUp(async () => conflict, confirm)).toBe(conflict);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks for the password and retries once after it', async () => {
    const call = vi.fn<() => Promise<ApiResult<number>>>().mockResolvedValueOnce(refused(stepUp));
    call.mockResolvedValueOnce({ ok: true, data: 7 });
    expect(await withStepUp(call, async () => true)).toEqual({ ok: true, data: 7 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('retries only once: a second refusal is reported as it came', async () => {
    const call = vi.fn(async () => refused(stepUp));
    const confirm = vi.fn(async () => true);
    expect(await withStepUp(call, confirm)).toEqual(refused(stepUp));
    expect(call).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('cancelling does not call again and reports the action as not done', async () => {
    const call = vi.fn(async () => refused(stepUp));
    expect(await withStepUp(call, async () => false)).toEqual({ ok: false, error: NOT_CONFIRMED });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('one prompt answers every call waiting on it', async () => {
    const shown: boolean[] = [];
    const prompt = createStepUpPrompt((open) => shown.push(open));
    const first = prompt.ask();
    const second = prompt.ask();
    prompt.settle(true);
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(shown).toEqual([true, false]);
    const third = prompt.ask();
    prompt.settle(false);
    expect(await third).toBe(false);
  });
});
