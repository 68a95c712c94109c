// What a block of each severity does at each place the API enforces it (DECISIONS "Blocks"): a
// pure table, tested as one (block-verdict.test.ts).
import type { BlockSeverity } from '../../../../shared/contract/blocks.js';

/** Where a caller's action meets the blocks: `access` is every other authenticated market route. */
export const BLOCK_PLACES = ['signUp', 'listing', 'bid', 'offer', 'giveawayEntry', 'order', 'access'] as const;
export type BlockPlace = (typeof BLOCK_PLACES)[number];

export type BlockVerdict = 'refuse' | 'review' | 'pass';

const RANK: Record<BlockSeverity, number> = { review: 0, signUp: 1, trade: 2, noAccess: 3 };

/** The strongest of several matching blocks' severities (null when none matched). */
export function strongestSeverity(severities: Iterable<BlockSeverity>): BlockSeverity | null {
  let strongest: BlockSeverity | null = null;
  for (const severity of severities) if (strongest === null || RANK[severity] > RANK[strongest]) strongest = severity;
  return strongest;
}

/** The places a review block opens a case at: the account's next sign-up, listing, bid or order. */
const REVIEWED: ReadonlySet<BlockPlace> = new Set(['signUp', 'listing', 'bid', 'order']);

export function blockVerdict(severity: BlockSeverity | null, place: BlockPlace): BlockVerdict {
  switch (severity) {
    case null:
      return 'pass';
    case 'review':
      return REVIEWED.has(place) ? 'review' : 'pass';
    case 'signUp':
      return place === 'signUp' ? 'refuse' : 'pass';
    case 'trade':
      return place === 'access' ? 'pass' : 'refuse';
    case 'noAccess':
      return 'refuse';
  }
}
