import { describe, expect, it } from 'vitest';
import { emptySelection, runBulk, toggledSelection } from './row-selection.js';

const page = ['a', 'b', 'c', 'd', 'e'];
const click = (selection = emptySelection, id: string, shift = false) => toggledSelection(selection, page, id, shift);

describe('row selection', () => {
  it('toggles one row per click', () => {
    const one = click(undefined, 'b');
    expect([...one.ids]).toEqual(['b']);
    expect([...click(one, 'b').ids]).toEqual([]);
  });

  it('selects the range from the last click with shift, either direction', () => {
    expect([...click(click(undefined, 'b'), 'd', true).ids].sort()).toEqual(['b', 'c', 'd']);
    expect([...click(click(undefined, 'e'), 'c', true).ids].sort()).toEqual(['c', 'd', 'e']);
  });

  it('clears a range when its anchor row was cleared', () => {
    const all = click(click(undefined, 'a'), 'e', true);
    const cleared = click(click(all, 'b'), 'd', true);
    expect([...cleared.ids].sort()).toEqual(['a', 'e']);
  });
});

describe('bulk runs', () => {
  it('reports every failure with its reason and counts progress to the end', async () => {
    const progress: number[] = [];
    const outcome = await runBulk(
      ['m1', 'm2', 'm3', 'm4'],
      async (id) => (id === 'm3' ? { ok: false, message: 'Not found' } : { ok: true }),
      (n) => progress.push(n),
      2,
    );
    expect(outcome.done.sort()).toEqual(['m1', 'm2', 'm4']);
    expect(outcome.failed).toEqual([{ id: 'm3', message: 'Not found' }]);
    expect(progress.at(-1)).toBe(4);
  });

  it('a thrown error is a failure too', async () => {
    const outcome = await runBulk(
      ['x'],
      async () => Promise.reject(new Error('offline')),
      () => {},
    );
    expect(outcome.failed).toEqual([{ id: 'x', message: 'offline' }]);
  });
});
