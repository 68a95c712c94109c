import { describe, expect, it } from 'vitest';
import { textDiff, valueText } from './version-diff.js';

describe('textDiff', () => {
  it.each([
    [
      'an appended sentence',
      'Works.',
      'Works. Bulb included.',
      [
        { kind: 'same', text: 'Works.' },
        { kind: 'added', text: ' Bulb included.' },
      ],
    ],
    [
      'a word replaced in the middle',
      'Brass lamp, 1950s',
      'Gold lamp, 1950s',
      [
        { kind: 'removed', text: 'Brass' },
        { kind: 'added', text: 'Gold' },
        { kind: 'same', text: ' lamp, 1950s' },
      ],
    ],
    ['a text cleared', 'Works.', '', [{ kind: 'removed', text: 'Works.' }]],
    ['a first text', '', 'New', [{ kind: 'added', text: 'New' }]],
    [
      'a repeated letter (start and end never overlap)',
      'aa',
      'aaa',
      [
        { kind: 'same', text: 'aa' },
        { kind: 'added', text: 'a' },
      ],
    ],
    ['nothing changed', 'Same', 'Same', [{ kind: 'same', text: 'Same' }]],
  ] as const)('%s', (_case, before, after, segments) => {
    expect(textDiff(before, after)).toEqual(segments);
  });
});

describe('valueText', () => {
  it.each([
    [{ field: 'price', before: 40, after: 35.5 } as const, 35.5, '$35.50'],
    [{ field: 'startingBid', before: null, after: 10 } as const, null, 'none'],
    [
      { field: 'video', before: null, after: 'https://v.example.com/a.mp4' } as const,
      'https://v.example.com/a.mp4',
      'https://v.example.com/a.mp4',
    ],
  ])('writes %j’s value %s as %s', (change, value, text) => {
    expect(valueText(change, value)).toBe(text);
  });
});
