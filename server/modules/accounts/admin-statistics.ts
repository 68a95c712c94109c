// The back office's statistics route (statistics.ts computes them).
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { userStatistics } from './statistics.js';

export function statisticsHandlers({ reads }: AdminDeps) {
  return {
    // Counts and the past day's lists may lag the primary by the replica's delay.
    'statistics.get': async () => userStatistics(reads),
  } satisfies Partial<AdminHandlers>;
}
