// The back office's statistics route (statistics.ts computes them).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { userStatistics } from './statistics.js';

export function statisticsHandlers({ db }: AdminDeps) {
  return {
    'statistics.get': async () => userStatistics(db),
  } satisfies Partial<AdminHandlers>;
}
