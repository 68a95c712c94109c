// A listing's versions (ARCHITECTURE.md, "Listing versions"): the trigger of migration 0100 keeps
// each change; this file names who made it (the seller's edit paths mark their transaction) and
// reads the history back for the back office, newest first.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ListingFieldChange, ListingVersion } from '../../../shared/contract/admin-listing-version-routes.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { COUNT_ROW, pageOf } from '../../platform/db/list-sql.js';
import { listings, listingVersions, users } from '../../platform/db/schema/index.js';
import { leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

/**
 * Names `sellerId` as the author of the listing changes the rest of this transaction makes (the
 * trigger reads it); transaction-local, so a pooled connection carries it no further.
 */
export async function markListingEditor(tx: Executor, sellerId: string): Promise<void> {
  await tx.execute(sql`SELECT set_config('market.listing_editor', ${sellerId}, true)`);
}

const usdOfCents = (cents: number | string | null) => (cents === null ? null : centsToUsd(Number(cents)));
const storedCents = z.union([z.number(), z.string()]).nullable().transform(usdOfCents);

/** `changes` as the trigger writes it, read into the answer's shape: money from cents (a bigint may come as text) to USD. */
const StoredChanges = z.array(
  z.union([
    z.object({
      field: z.enum(['title', 'description', 'video']),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
    z.object({ field: z.enum(['price', 'startingBid']), before: storedCents, after: storedCents }),
  ]),
) satisfies z.ZodType<ListingFieldChange[], unknown>;

const VERSION_ROW = sqlRow(listingVersions, 'version', 'created_at', 'changes').extend(
  leftJoined({ editor_id: sqlColumn(users, 'id'), editor_user_name: sqlColumn(users, 'user_name') }).shape,
);

/** `GET /admin/listings/active/{id}/versions`: 404 for a listing that does not exist or was deleted. */
export async function listingVersionsOf(
  db: Executor,
  listingId: string,
  page: number,
  limit: number,
): Promise<{ count: number; items: ListingVersion[] }> {
  const [listing] = await readRows(
    db,
    sqlRow(listings, 'id'),
    sql`SELECT id FROM listings WHERE id = ${listingId} AND deleted_at IS NULL`,
  );
  if (!listing) throw notFound('Listing');
  const [total] = await readRows(
    db,
    COUNT_ROW,
    sql`SELECT count(*) AS count FROM listing_versions WHERE listing_id = ${listingId}`,
  );
  const rows = await readRows(
    db,
    VERSION_ROW,
    sql`SELECT v.version, v.created_at, v.changes, u.id AS editor_id, u.user_name AS editor_user_name
          FROM listing_versions v LEFT JOIN users u ON u.id = v.editor_id
         WHERE v.listing_id = ${listingId}
         ORDER BY v.version DESC ${pageOf(page, limit)}`,
  );
  return {
    count: Number(total?.count ?? 0),
    items: rows.map((row) => ({
      version: row.version,
      at: isoOf(row.created_at),
      by: row.editor_id === null ? null : { id: row.editor_id, userName: row.editor_user_name },
      changes: StoredChanges.parse(typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes),
    })),
  };
}
