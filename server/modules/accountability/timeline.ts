// A record's timeline: several sources (admin actions, notes, enforcement, the record's own
// history) merged newest first and paged in SQL. Each source is one SELECT of the same six
// columns: at, kind, summary, actor, ref_type, ref_id.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { RecordRef, TimelineItem, type NoteRecordType } from '../../../shared/contract/accountability.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { isoOf } from '../../platform/db/values.js';

/** One source of a timeline: the SELECT of its entries about `recordId`. */
export type TimelineSource = (recordId: string) => SQL;

/**
 * Sources other areas add to a record type's timeline. The review queue (trust-safety) adds its
 * cases here once it is merged: `addTimelineSource('user', (id) => sql\`SELECT … 'reviewCase' …\`)`.
 */
const extraSources: Record<NoteRecordType, TimelineSource[]> = { user: [], listing: [], order: [] };

export function addTimelineSource(recordType: NoteRecordType, source: TimelineSource): void {
  extraSources[recordType].push(source);
}

/** `$12.50` from integer cents, in SQL. */
export const dollars = (cents: SQL) => sql`('$' || to_char((${cents}) / 100.0, 'FM999999990.00'))`;

/** The admin log's entries on a record, each summarised as its action and the fields it changed. */
export function adminActionsOn(recordType: string, recordId: string | SQL, except: readonly string[] = []): SQL {
  const skipped = except.length
    ? sql`AND a.action NOT IN (${sql.join(
        except.map((action) => sql`${action}`),
        sql`, `,
      )})`
    : sql``;
  const ids = typeof recordId === 'string' ? sql`= ${recordId}` : sql`IN (${recordId})`;
  return sql`
    SELECT a.created_at AS at, 'adminAction' AS kind,
           a.action || coalesce(': ' || (
             SELECT string_agg(n.key, ', ' ORDER BY n.key) FROM jsonb_each(a.after) n
             WHERE jsonb_typeof(a.after) = 'object'
               AND (jsonb_typeof(a.before) IS DISTINCT FROM 'object' OR a.before -> n.key IS DISTINCT FROM n.value)
           ), '') AS summary,
           coalesce(a.admin_email, a.admin_uid) AS actor, NULL AS ref_type, NULL AS ref_id
    FROM admin_actions a
    WHERE a.record_type = ${recordType} AND a.record_id ${ids} ${skipped}`;
}

export function notesOn(recordType: NoteRecordType, recordId: string): SQL {
  return sql`
    SELECT n.created_at AS at, 'note' AS kind, n.text AS summary, coalesce(n.admin_email, n.admin_uid) AS actor,
           NULL AS ref_type, NULL AS ref_id
    FROM admin_notes n WHERE n.record_type = ${recordType} AND n.record_id = ${recordId}`;
}

/** A timeline entry as every source selects it (the contract's kinds and record types). */
const TIMELINE_ROW = z.object({
  at: z.union([z.date(), z.string()]),
  kind: TimelineItem.shape.kind,
  summary: z.string(),
  actor: z.string().nullable(),
  ref_type: RecordRef.shape.type.nullable(),
  ref_id: z.string().nullable(),
});
type TimelineRow = z.output<typeof TIMELINE_ROW>;

/** The merged sources of one record's timeline. */
interface TimelineQuery extends ListQueryBase {
  sources: SQL[];
}

const merged = ({ sources }: TimelineQuery) =>
  sql.join(
    sources.map((source) => sql`(${source})`),
    sql` UNION ALL `,
  );

/** Every entry about the record, newest first (entries of one instant by kind), counted exactly. */
const timeline: AdminList<TimelineQuery, TimelineRow, TimelineItem> = {
  table: 't',
  alias: 't',
  from: (query) => sql`(${merged(query)}) t`,
  sortKeys: { at: { column: sql`at` } },
  defaultSort: 'at',
  tieBreak: sql`kind`,
  total: 'exact',
  select: (rows, tail, query) =>
    sql`SELECT at, kind, summary, actor, ref_type, ref_id FROM (${merged(query)}) t ${rows} ${tail}`,
  row: TIMELINE_ROW,
  items: (_db, rows) =>
    rows.map((row) => ({
      at: isoOf(row.at),
      kind: row.kind,
      summary: row.summary,
      actor: row.actor,
      ref: row.ref_type && row.ref_id ? { type: row.ref_type, id: row.ref_id } : null,
    })),
};

/** The page of the merged sources, newest first, with the count of every entry. */
export async function timelinePage(
  db: Executor,
  recordType: NoteRecordType,
  recordId: string,
  sources: SQL[],
  page: { page: number; limit: number },
): Promise<{ count: number; items: TimelineItem[] }> {
  const all = [...sources, ...extraSources[recordType].map((source) => source(recordId))];
  return listPage(db, timeline, { sources: all, ...page });
}
