// The admin routes of blocks (ARCHITECTURE.md, "Blocks"), spread into the admin route table.
// `preview` is declared before `:id` so the path is never read as an id.
import { z } from 'zod';
import { id, listResponse } from './entities.js';
import { Block, BlockBody, BlockPreview, BlockPreviewBody, blockQuery, RingBlockBody, RingBlocks } from './blocks.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

export const adminBlockRoutes = {
  'blocks.list': {
    description: 'One page of the blocks in force (not lifted, not expired), filtered by kind and severity.',
    method: 'GET',
    path: '/admin/blocks',
    query: blockQuery,
    response: listResponse(Block),
  },
  'blocks.create': {
    description:
      'Blocks an identifier (email domain, canonical email, IP range, device, card, payout account, phone) with a severity, a reason and an optional expiry; an audit entry.',
    method: 'POST',
    path: '/admin/blocks',
    body: BlockBody,
    response: Block,
  },
  'blocks.preview': {
    description:
      'What a block would touch now, before it is saved: the accounts it matches (a sample of 20) and their active listings, auctions they lead, leading bids, open orders and pending payouts.',
    method: 'POST',
    path: '/admin/blocks/preview',
    body: BlockPreviewBody,
    response: BlockPreview,
  },
  'blocks.lift': {
    description: 'Lifts a block: it stops applying on every node within 5 s; an audit entry.',
    method: 'DELETE',
    path: '/admin/blocks/:id',
    params: byId,
    response: null,
  },
  'users.ringBlock': {
    description:
      "Blocks every hard identifier (canonical email, phone, card, payout account, device) of every member of a user's ring, in one transaction; an audit entry each.",
    method: 'POST',
    path: '/admin/users/:id/ring/block',
    params: byId,
    body: RingBlockBody,
    response: RingBlocks,
  },
} as const satisfies Record<string, RouteDef>;
