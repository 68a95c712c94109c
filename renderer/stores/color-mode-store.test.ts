import { describe, expect, it } from 'vitest';
import { storedColorMode } from './color-mode-store.js';

describe('stored colour mode', () => {
  it.each([
    [null, 'dark'],
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'dark'],
  ])('%s gives %s', (stored, mode) => {
    expect(storedColorMode(stored)).toBe(mode);
  });
});
