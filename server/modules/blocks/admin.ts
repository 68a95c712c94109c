// The back office's blocks: the admin route table's handlers over blocks.ts, preview.ts and
// ring-blocks.ts.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { createBlock, listBlocks, liftBlock, storedValueOf } from './blocks.js';
import { blockPreview } from './preview.js';
import { blockRing } from './ring-blocks.js';

export function blockHandlers(deps: AdminDeps) {
  return {
    'blocks.list': async ({ query }) => listBlocks(deps.db, query),
    'blocks.create': async ({ body, admin }) => createBlock(deps.db, admin, body),
    'blocks.preview': async ({ body }) => blockPreview(deps.reads, body.kind, storedValueOf(body.kind, body.value)),
    'blocks.lift': async ({ params, admin }) => {
      await liftBlock(deps.db, admin, params.id);
      return undefined;
    },
    'users.ringBlock': async ({ params, body, admin }) => blockRing(deps.db, admin, params.id, body),
  } satisfies Partial<AdminHandlers>;
}
