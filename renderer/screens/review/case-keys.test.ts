import { describe, expect, it } from 'vitest';
import { caseToOpen } from './review-display.js';

const ids = ['rc1', 'rc2', 'rc3'];

describe('j and k on the review queue open the next and previous case', () => {
  it.each<[string, string | undefined, string | undefined, 1 | -1, string | undefined]>([
    ['j with nothing open or focused: the first case', undefined, undefined, 1, 'rc1'],
    ['k with nothing open or focused: the first case', undefined, undefined, -1, 'rc1'],
    ['j from the open case: the one after it', 'rc1', undefined, 1, 'rc2'],
    ['k from the open case: the one before it', 'rc2', undefined, -1, 'rc1'],
    ['the open case counts before the focused row', 'rc2', 'rc1', 1, 'rc3'],
    ['j from the focused row, the drawer closed: the one after it', undefined, 'rc2', 1, 'rc3'],
    ['j on the last case: nothing', 'rc3', undefined, 1, undefined],
    ['k on the first case: nothing', 'rc1', undefined, -1, undefined],
    ['an open case no longer in the list: the first', 'gone', undefined, 1, 'rc1'],
  ])('%s', (_, open, focused, step, expected) => expect(caseToOpen(ids, open, focused, step)).toBe(expected));
});
