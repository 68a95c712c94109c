import { describe, expect, it, vi } from 'vitest';
import type { ApiFailure, ApiResult } from '../../../shared/contract/market-api.js';
import { isServiceUnavailable, whileUnavailable } from './service-state.js';

const down: ApiFailure = { status: 503, code: 'databaseUnavailable', message: 'The database does not answer' };
const fails = (error: ApiFailure): ApiResult<number> => ({ ok: false, error });

describe('service unavailable', () => {
  it.each([
    [down, true],
    [{ status: 503, code: 'identityUnavailable', message: '' }, true],
    [{ status: 503, code: 'Service Unavailable', message: '' }, false],
    [{ status: 401, code: 'Unauthorized', message: '' }, false],
    [{ status: 0, code: 'network', message: '' }, false],
  ])('tells a recoverable outage apart: %j', (error, expected) => {
    expect(isServiceUnavailable(error)).toBe(expected);
  });

  it('retries a read until the service is back, saying so meanwhile', async () => {
    const call = vi.fn<() => Promise<ApiResult<number>>>();
    call
      .mockResolvedValueOnce(fails(down))
      .mockResolvedValueOnce(fails(down))
      .mockResolvedValueOnce({ ok: true, data: 3 });
    const states: boolean[] = [];
    const slept: number[] = [];
    const result = await whileUnavailable(call, {
      retry: true,
      onUnavailable: (u) => states.push(u),
      sleep: async (ms) => void slept.push(ms),
    });
    expect(result).toEqual({ ok: true, data: 3 });
    expect(states).toEqual([true, true, false]);
    expect(slept).toEqual([1000, 2000]);
  });

  it('gives up after the budget and reports the 503 as it came', async () => {
    const call = vi.fn(async () => fails(down));
    const slept: number[] = [];
    const result = await whileUnavailable(call, {
      retry: true,
      onUnavailable: () => undefined,
      sleep: async (ms) => void slept.push(ms),
      budgetMs: 10_000,
    });
    expect(result).toEqual(fails(down));
    expect(slept).toEqual([1000, 2000, 3000]);
  });

  it('never retries a write, nor any other failure', async () => {
    const write = vi.fn(async () => fails(down));
    const states: boolean[] = [];
    expect(await whileUnavailable(write, { retry: false, onUnavailable: (u) => states.push(u) })).toEqual(fails(down));
    expect(write).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true]);
    const conflict = vi.fn(async () => fails({ status: 409, code: 'Conflict', message: '' }));
    await whileUnavailable(conflict, { retry: true, onUnavailable: (u) => states.push(u) });
    expect(conflict).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true, false]);
  });
});
