import { describe, expect, it } from 'vitest';
import type { LiveBlock } from './block-matcher.js';
import { strongestBlock } from './strongest-block.js';

const block = (id: string, severity: LiveBlock['severity']): LiveBlock => ({
  id,
  kind: 'emailDomain',
  value: 'example.test',
  severity,
  expiresAt: null,
});

describe('strongestBlock', () => {
  it.each([
    { name: 'none', blocks: [], want: null },
    { name: 'one', blocks: [block('b', 'review')], want: 'b' },
    { name: 'noAccess over trade', blocks: [block('a', 'trade'), block('b', 'noAccess')], want: 'b' },
    { name: 'trade over signUp', blocks: [block('a', 'signUp'), block('b', 'trade')], want: 'b' },
    { name: 'signUp over review', blocks: [block('a', 'review'), block('b', 'signUp')], want: 'b' },
    { name: 'equals: the first id, whatever the order', blocks: [block('c', 'trade'), block('a', 'trade')], want: 'a' },
  ])('$name', ({ blocks, want }) => {
    expect(strongestBlock(blocks)?.id ?? null).toBe(want);
  });
});
