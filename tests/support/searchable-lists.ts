// The admin routes a `search` query applies to, as paths to call: every list with `search` in its
// query, and the CSV export (of the users table). Routes of one record (`:id`) take no search.
import { z } from 'zod';
import { adminRoutes, fillPath } from '../../shared/contract/admin-api.js';

export const SEARCHABLE_PATHS: string[] = Object.values(adminRoutes).flatMap((route) => {
  const query: unknown = 'query' in route ? route.query : undefined;
  const searchable = query instanceof z.ZodObject && 'search' in query.shape && !route.path.includes(':id');
  return searchable ? [fillPath(route.path, { list: 'users' })] : [];
});
