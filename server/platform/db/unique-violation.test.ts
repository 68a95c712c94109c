import { describe, expect, it } from 'vitest';
import { isViolationOf, uniqueViolationOf } from './unique-violation.js';

const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_user_name_key"'), {
  code: '23505',
  constraint: 'users_user_name_key',
});
const wrapped = Object.assign(new Error('Failed query: UPDATE users SET user_name = $1'), { cause: driverError });
const unnamed = Object.assign(new Error('duplicate key value violates unique constraint "users_verified_phone_key"'), {
  code: '23505',
});
const cyclic: { cause?: unknown; message: string } = { message: 'loop' };
cyclic.cause = cyclic;

describe('uniqueViolationOf', () => {
  it.each([
    ['the driver error itself', driverError, 'users_user_name_key'],
    ['a drizzle-wrapped error', wrapped, 'users_user_name_key'],
    ['an error without a constraint field', unnamed, null],
  ])('finds %s', (_case, error, constraint) => {
    expect(uniqueViolationOf(error)?.constraint).toBe(constraint);
  });

  it.each([
    ['another SQLSTATE', Object.assign(new Error('deadlock'), { code: '40P01' })],
    ['a plain error', new Error('boom')],
    ['a cause cycle', cyclic],
    ['not an error', 'text'],
    ['nothing', undefined],
  ])('finds nothing in %s', (_case, error) => {
    expect(uniqueViolationOf(error)).toBeNull();
  });
});

describe('isViolationOf', () => {
  it.each([
    [wrapped, 'users_user_name_key', true],
    [wrapped, 'users_email_key', false],
    [unnamed, 'users_verified_phone_key', true],
    [new Error('boom'), 'users_user_name_key', false],
  ])('%#', (error, index, expected) => {
    expect(isViolationOf(error, index)).toBe(expected);
  });
});
