// Which of the blocks an account matches its badge names: the strongest severity (noAccess over
// trade over signUp over review), and among equals the one whose id sorts first, so the same
// account shows the same block on every answer.
import { BLOCK_SEVERITIES } from '../../../../shared/contract/blocks.js';
import type { LiveBlock } from './block-matcher.js';

export function strongestBlock(blocks: readonly LiveBlock[]): LiveBlock | null {
  let strongest: LiveBlock | null = null;
  for (const block of blocks) {
    if (strongest === null) {
      strongest = block;
      continue;
    }
    const rank = BLOCK_SEVERITIES.indexOf(block.severity) - BLOCK_SEVERITIES.indexOf(strongest.severity);
    if (rank > 0 || (rank === 0 && block.id < strongest.id)) strongest = block;
  }
  return strongest;
}
