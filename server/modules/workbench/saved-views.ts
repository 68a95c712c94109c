// Saved views: the search, sort and filters of an admin table (or the review queue) under a name,
// private to the admin who saved it or shared with the team. An admin sees their own views and
// the shared ones; only the owner renames or deletes a view.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  SavedView,
  ViewQuery,
  type CreateViewBody,
  type RenameViewBody,
} from '../../../shared/contract/review-team.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import type { Executor } from '../../platform/db/database.js';
import { savedViews } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { HttpError, notFound } from '../../platform/http/errors.js';

const VIEW_ROW = sqlRow(savedViews, 'id', 'name', 'shared', 'owner_uid', 'owner_email').extend({
  list: SavedView.shape.list,
  query: z.union([ViewQuery, z.string()]),
});
type ViewRow = z.output<typeof VIEW_ROW>;
const VIEW_COLUMNS = sql`id, list, name, query, shared, owner_uid, owner_email`;

const viewOf = (row: ViewRow): SavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: typeof row.query === 'string' ? ViewQuery.parse(JSON.parse(row.query)) : row.query,
  shared: row.shared,
  owner: { uid: row.owner_uid, email: row.owner_email },
});

export async function viewsOf(db: Executor, admin: VerifiedIdentity): Promise<{ items: SavedView[] }> {
  const rows = await readRows(
    db,
    VIEW_ROW,
    sql`SELECT ${VIEW_COLUMNS} FROM saved_views WHERE owner_uid = ${admin.uid} OR shared
        ORDER BY list, lower(name), id LIMIT 1000`,
  );
  return { items: rows.map(viewOf) };
}

export async function saveView(db: Executor, body: CreateViewBody, admin: VerifiedIdentity): Promise<SavedView> {
  const [row] = await readRows(
    db,
    VIEW_ROW,
    sql`INSERT INTO saved_views (list, name, query, shared, owner_uid, owner_email)
        VALUES (${body.list}, ${body.name}, ${JSON.stringify(body.query)}::jsonb, ${body.shared ?? false},
                ${admin.uid}, ${admin.email})
        RETURNING ${VIEW_COLUMNS}`,
  );
  return viewOf(row!);
}

/** The view `admin` may change: 404 for one they cannot see, 403 for another admin's shared one. */
async function ownView(db: Executor, id: string, admin: VerifiedIdentity, change: string): Promise<ViewRow> {
  const [row] = await readRows(
    db,
    VIEW_ROW,
    sql`SELECT ${VIEW_COLUMNS} FROM saved_views WHERE id = ${id} AND (owner_uid = ${admin.uid} OR shared)`,
  );
  // Another admin's private view is as unknown as a made-up id.
  if (!row) throw notFound('View');
  if (row.owner_uid !== admin.uid) throw new HttpError(403, `Only the admin who saved a view may ${change} it`);
  return row;
}

export async function renameView(
  db: Executor,
  id: string,
  body: RenameViewBody,
  admin: VerifiedIdentity,
): Promise<SavedView> {
  await ownView(db, id, admin, 'rename');
  const [row] = await readRows(
    db,
    VIEW_ROW,
    sql`UPDATE saved_views SET name = ${body.name} WHERE id = ${id} RETURNING ${VIEW_COLUMNS}`,
  );
  return viewOf(row!);
}

export async function deleteView(db: Executor, id: string, admin: VerifiedIdentity): Promise<void> {
  await ownView(db, id, admin, 'delete');
  await db.execute(sql`DELETE FROM saved_views WHERE id = ${id}`);
}
