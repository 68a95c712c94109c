import { describe, expect, it } from 'vitest';
import { seededRandom } from './seed-random.js';

describe('seededRandom', () => {
  it('draws the same sequence for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect(Array.from({ length: 5 }, () => a.uuid())).toEqual(Array.from({ length: 5 }, () => b.uuid()));
  });

  it('stays within the bounds it is given', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const value = random.int(3, 9);
      expect(value).toBeGreaterThanOrEqual(3);
      expect(value).toBeLessThanOrEqual(9);
    }
  });

  it('makes UUID-shaped ids', () => {
    expect(seededRandom(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
