import { describe, expect, it } from 'vitest';
import type { BlockSeverity } from '../../../../shared/contract/blocks.js';
import { BLOCK_PLACES, blockVerdict, strongestSeverity, type BlockPlace, type BlockVerdict } from './block-verdict.js';

// The contract's severities as a table: one row per severity, one column per place.
const TABLE: [BlockSeverity | null, Record<BlockPlace, BlockVerdict>][] = [
  [
    null,
    {
      signUp: 'pass',
      listing: 'pass',
      bid: 'pass',
      offer: 'pass',
      giveawayEntry: 'pass',
      order: 'pass',
      access: 'pass',
    },
  ],
  [
    'review',
    {
      signUp: 'review',
      listing: 'review',
      bid: 'review',
      offer: 'pass',
      giveawayEntry: 'pass',
      order: 'review',
      access: 'pass',
    },
  ],
  [
    'signUp',
    {
      signUp: 'refuse',
      listing: 'pass',
      bid: 'pass',
      offer: 'pass',
      giveawayEntry: 'pass',
      order: 'pass',
      access: 'pass',
    },
  ],
  [
    'trade',
    {
      signUp: 'refuse',
      listing: 'refuse',
      bid: 'refuse',
      offer: 'refuse',
      giveawayEntry: 'refuse',
      order: 'refuse',
      access: 'pass',
    },
  ],
  [
    'noAccess',
    {
      signUp: 'refuse',
      listing: 'refuse',
      bid: 'refuse',
      offer: 'refuse',
      giveawayEntry: 'refuse',
      order: 'refuse',
      access: 'refuse',
    },
  ],
];

describe('blockVerdict', () => {
  for (const [severity, row] of TABLE) {
    it.each(BLOCK_PLACES.map((place) => [place, row[place]] as const))(`${severity}: %s → %s`, (place, verdict) => {
      expect(blockVerdict(severity, place)).toBe(verdict);
    });
  }
});

describe('strongestSeverity', () => {
  it.each([
    [[], null],
    [['review'], 'review'],
    [['review', 'trade', 'signUp'], 'trade'],
    [['noAccess', 'review'], 'noAccess'],
  ] as [BlockSeverity[], BlockSeverity | null][])('%j → %s', (severities, strongest) => {
    expect(strongestSeverity(severities)).toBe(strongest);
  });
});
