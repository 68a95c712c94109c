// The back office's subcategories: each handler parses (the contract did), calls
// subcategory-admin.ts, and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { listAdminSubcategories, setMinPackageWeight } from './subcategory-admin.js';

export function subcategoryHandlers({ db, reads }: AdminDeps) {
  return {
    'subcategories.list': async ({ query }) => listAdminSubcategories(reads, query),
    'subcategories.update': async ({ params, body, admin }) =>
      setMinPackageWeight(db, params.id, body.minPackageWeightInOz, admin),
  } satisfies Partial<AdminHandlers>;
}
