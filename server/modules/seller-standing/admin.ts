// The back office's seller standing: the handler parses (the contract did) and reads standing.ts;
// what the levels do is level-effects.ts.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { sellerDefectOrdersOf } from './defect-orders.js';
import { levelEffectsOf, previewLevelEffects, updateLevelEffects } from './level-effects.js';
import { sellerStandingOf } from './standing.js';

export function sellerStandingHandlers({ db, reads }: AdminDeps) {
  return {
    'users.sellerStanding': async ({ params }) => sellerStandingOf(reads, params.id, Date.now()),
    'users.sellerDefects': async ({ params }) => sellerDefectOrdersOf(reads, params.id, Date.now()),
    'sellerLevels.effects': async () => levelEffectsOf(db),
    'sellerLevels.previewEffects': async ({ body }) => previewLevelEffects(reads, body),
    'sellerLevels.updateEffects': async ({ body, admin }) => updateLevelEffects(db, body, admin),
  } satisfies Partial<AdminHandlers>;
}
