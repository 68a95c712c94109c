import { describe, expect, it } from 'vitest';
import { UserName } from './user-name.js';

describe('UserName', () => {
  it.each([
    ['ann', 'ann'],
    ['  Ann.Lee_2 ', 'Ann.Lee_2'],
    ['seller-42', 'seller-42'],
    ['a'.repeat(32), 'a'.repeat(32)],
  ])('accepts %j as %j', (input, stored) => {
    expect(UserName.parse(input)).toBe(stored);
  });

  it.each([
    ['ab', 'at least 3'],
    ['a'.repeat(33), 'at most 32'],
    ['ann lee', 'letters, digits'],
    ['_ann', 'starts with a letter or digit'],
    ['ann@shop', 'letters, digits'],
    ['änn', 'letters, digits'],
  ])('refuses %j (%s)', (input, message) => {
    const result = UserName.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
