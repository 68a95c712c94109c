// The review queue's metrics over a range: the backlog as it stands (open, claimed, overdue), per
// source what opened and was resolved in the range with the median time to resolve, and per admin
// what they resolved with their median times to the first action on a case and to resolving it.
// The first action on a case is its earliest entry in the admin log (claim, assign, escalate, resolve).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REVIEW_CASE_SOURCES, ReviewCase } from '../../../shared/contract/review-cases.js';
import type { ReviewMetrics } from '../../../shared/contract/review-team.js';
import type { Executor } from '../../platform/db/database.js';
import { countValue, readRows } from '../../platform/db/sql-row.js';
import { DUE_AT } from './case-items.js';

const median = z.union([z.number(), z.string()]).nullable();
const minutesOf = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
const MINUTES = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
  sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${to} - ${from}) / 60)`;

export async function reviewMetrics(db: Executor, range: { from: string; to: string }): Promise<ReviewMetrics> {
  const inRange = (column: ReturnType<typeof sql>) =>
    sql`${column} >= ${range.from}::timestamptz AND ${column} <= ${range.to}::timestamptz`;
  const [backlog] = await readRows(
    db,
    z.object({ open: countValue, claimed: countValue, overdue: countValue }),
    sql`SELECT count(*) FILTER (WHERE rc.status = 'open') AS open, count(*) FILTER (WHERE rc.status = 'claimed') AS claimed,
               count(*) FILTER (WHERE ${DUE_AT} < now()) AS overdue
        FROM review_cases rc WHERE rc.status <> 'resolved'`,
  );
  const sources = await readRows(
    db,
    z.object({ source: ReviewCase.shape.source, opened: countValue, resolved: countValue, median }),
    sql`SELECT rc.source, count(*) FILTER (WHERE ${inRange(sql`rc.created_at`)}) AS opened,
               count(*) FILTER (WHERE ${inRange(sql`rc.resolved_at`)}) AS resolved,
               ${MINUTES(sql`rc.created_at`, sql`rc.resolved_at`)} FILTER (WHERE ${inRange(sql`rc.resolved_at`)}) AS median
        FROM review_cases rc
        WHERE ${inRange(sql`rc.created_at`)} OR ${inRange(sql`rc.resolved_at`)}
        GROUP BY rc.source`,
  );
  const admins = await readRows(
    db,
    z.object({
      uid: z.string(),
      email: z.string().nullable(),
      resolved: countValue,
      to_first_action: median,
      to_resolve: median,
    }),
    sql`WITH first_actions AS (
          SELECT DISTINCT ON (a.record_id) a.record_id, a.admin_uid, a.admin_email, a.created_at
          FROM admin_actions a WHERE a.record_type = 'review_case'
          ORDER BY a.record_id, a.created_at, a.id
        ), firsts AS (
          SELECT f.admin_uid AS uid, max(f.admin_email) AS email,
                 ${MINUTES(sql`rc.created_at`, sql`f.created_at`)} AS to_first_action
          FROM first_actions f JOIN review_cases rc ON rc.id = f.record_id
          WHERE ${inRange(sql`f.created_at`)} GROUP BY f.admin_uid
        ), resolves AS (
          SELECT rc.assignee_uid AS uid, max(rc.assignee_email) AS email, count(*) AS resolved,
                 ${MINUTES(sql`rc.created_at`, sql`rc.resolved_at`)} AS to_resolve
          FROM review_cases rc
          WHERE rc.status = 'resolved' AND rc.assignee_uid IS NOT NULL AND ${inRange(sql`rc.resolved_at`)}
          GROUP BY rc.assignee_uid
        )
        SELECT COALESCE(r.uid, f.uid) AS uid, COALESCE(r.email, f.email) AS email, COALESCE(r.resolved, 0) AS resolved,
               f.to_first_action, r.to_resolve
        FROM resolves r FULL JOIN firsts f ON f.uid = r.uid
        ORDER BY 3 DESC, 1
        LIMIT 1000`,
  );
  const bySource = new Map(sources.map((row) => [row.source, row]));
  return {
    backlog: {
      open: Number(backlog?.open ?? 0),
      claimed: Number(backlog?.claimed ?? 0),
      overdue: Number(backlog?.overdue ?? 0),
    },
    bySource: REVIEW_CASE_SOURCES.map((source) => {
      const row = bySource.get(source);
      return {
        source,
        opened: Number(row?.opened ?? 0),
        resolved: Number(row?.resolved ?? 0),
        medianMinutesToResolve: minutesOf(row?.median ?? null),
      };
    }),
    byAdmin: admins.map((row) => ({
      admin: { uid: row.uid, email: row.email },
      resolved: Number(row.resolved),
      medianMinutesToFirstAction: minutesOf(row.to_first_action),
      medianMinutesToResolve: minutesOf(row.to_resolve),
    })),
  };
}
