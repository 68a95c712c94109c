import { describe, expect, it } from 'vitest';
import { shortGramsOf } from './short-terms.js';

describe('shortGramsOf', () => {
  it.each([
    ['e', ['e']],
    ['an', ['an']],
    ['a.b', ['a.', '.b']],
    ['a b c', ['a ', ' b', 'b ', ' c']],
    ['aaa', null],
    ['zq9', null],
    ['anna', null],
    ['@ex', ['@e', 'ex']],
    ['é', ['é']],
    ['ab ab', ['ab', 'b ', ' a']],
    ['öüß', null],
  ])('%s → %j', (term, grams) => {
    expect(shortGramsOf(term)).toEqual(grams);
  });
});
