import { describe, expect, it } from 'vitest';
import { DatabaseTimeoutError, isDatabaseUnavailable } from './database-unavailable.js';

const wrapped = (cause: object) => Object.assign(new Error('Failed query: SELECT 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [wrapped({ code: 'ECONNRESET' }), true],
    [wrapped(new Error('Connection terminated unexpectedly')), true],
    [new Error('timeout exceeded when trying to connect'), true],
    [wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }), true],
    [wrapped({ code: '08006' }), true],
    [wrapped({ code: '57014', message: 'canceling statement due to statement timeout' }), true],
    [new Error('Query read timeout'), true],
    [new DatabaseTimeoutError('a bid'), true],
    [wrapped({ code: '23505' }), false],
    [wrapped({ code: '22P02' }), false],
    [new Error('boom'), false],
    [null, false],
  ])('%o → %s', (error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });
});
