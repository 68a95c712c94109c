// Reading the review queue: the filtered, searched, sorted page of cases, the counts the sidebar
// badge shows, and one case with its evidence (the subject as its admin item, what surrounds it).
import { sql, type SQL } from 'drizzle-orm';
import type {
  ReviewCase,
  ReviewCaseCounts,
  ReviewCaseQuery,
  ReviewCaseWithEvidence,
  ReviewEvidence,
} from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList } from '../../platform/db/admin-list.js';
import { inList } from '../../platform/db/list-sql.js';
import { auctionMessages } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlRow } from '../../platform/db/sql-row.js';
import { HttpError } from '../../platform/http/errors.js';
import { auctionMessageItem, chatMessageEvidence } from '../conversations/index.js';
import { loadAdminListing } from '../listings/index.js';
import { loadSoldListing } from '../orders/index.js';
import { loadAdminUser } from '../accounts/index.js';
import { bidLadder } from '../auctions/index.js';
import { CASE_ROW, CASE_SELECT, DUE_AT, caseOf, caseRow, detailsOf, type CaseRow } from './case-items.js';
import { z } from 'zod';

const anyOf = (column: SQL, values: readonly string[] | undefined) =>
  values && values.length > 0 ? sql`${column} IN ${inList(values)}` : null;

/** The review queue: filtered by status, source, subject and priority, searched, sorted. */
export const reviewCaseList: AdminList<Omit<ReviewCaseQuery, 'page' | 'limit'>, CaseRow, ReviewCase> = {
  table: 'review_cases',
  alias: 'rc',
  filters: (query) => [
    anyOf(sql`rc.status`, query.status),
    anyOf(sql`rc.source`, query.source),
    anyOf(sql`rc.subject_type`, query.subjectType),
    anyOf(sql`rc.priority`, query.priority),
  ],
  search: {
    by: 'or',
    places: [{ text: 'excerpt' }, { text: 'reason' }, { user: 'reporter_id' }, { user: 'subject_user_id' }],
  },
  sortKeys: {
    createdAt: { column: sql`rc.created_at` },
    updatedAt: { column: sql`rc.updated_at` },
    // Descending puts high first.
    priority: { column: sql`CASE rc.priority WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END` },
    dueAt: { column: DUE_AT },
  } satisfies Record<NonNullable<ReviewCaseQuery['sortBy']>, unknown>,
  defaultSort: 'createdAt',
  // The queue is worked down, never large: its count is exact.
  total: 'exact',
  select: (rows, tail) => sql`${CASE_SELECT} ${rows} ${tail}`,
  row: CASE_ROW,
  items: (_db, rows) => rows.map(caseOf),
};

export async function listReviewCases(
  db: Executor,
  query: ReviewCaseQuery,
): Promise<{ count: number; items: ReviewCase[] }> {
  return listPage(db, reviewCaseList, query);
}

export async function reviewCaseCounts(db: Executor): Promise<ReviewCaseCounts> {
  const [row] = await readRows(
    db,
    z.object({
      open: countValue,
      claimed: countValue,
      high: countValue,
      overdue_high: countValue,
      overdue: countValue,
    }),
    sql`SELECT count(*) FILTER (WHERE rc.status = 'open') AS open,
               count(*) FILTER (WHERE rc.status = 'claimed') AS claimed,
               count(*) FILTER (WHERE rc.priority = 'high') AS high,
               count(*) FILTER (WHERE rc.priority = 'high' AND ${DUE_AT} < now()) AS overdue_high,
               count(*) FILTER (WHERE ${DUE_AT} < now()) AS overdue
        FROM review_cases rc WHERE rc.status <> 'resolved'`,
  );
  return {
    open: Number(row?.open ?? 0),
    claimed: Number(row?.claimed ?? 0),
    high: Number(row?.high ?? 0),
    overdueHigh: Number(row?.overdue_high ?? 0),
    overdue: Number(row?.overdue ?? 0),
  };
}

/** A record that is gone (deleted since the case opened) is evidence that is no longer there: null. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

async function listingIdOf(db: Executor, row: CaseRow): Promise<string | null> {
  if (row.subject_type === 'listing') return row.subject_id;
  if (row.subject_type === 'auctionMessage') {
    const [message] = await readRows(
      db,
      sqlRow(auctionMessages, 'listing_id'),
      sql`SELECT listing_id FROM auction_messages WHERE id = ${row.subject_id}`,
    );
    return message?.listing_id ?? null;
  }
  return null;
}

export async function reviewCaseWithEvidence(db: Executor, id: string): Promise<ReviewCaseWithEvidence> {
  const row = await caseRow(db, id);
  const evidence: ReviewEvidence = {
    chatMessage: null,
    aroundMessages: [],
    auctionMessage: null,
    listing: null,
    order: null,
    user: null,
    reporter: null,
    bidLadder: [],
    details: detailsOf(row),
  };
  if (row.subject_type === 'chatMessage') {
    const { message, around } = await chatMessageEvidence(db, row.subject_id, 10);
    evidence.chatMessage = message;
    evidence.aroundMessages = around;
  }
  if (row.subject_type === 'auctionMessage') {
    evidence.auctionMessage = await orNull(() => auctionMessageItem(db, row.subject_id));
  }
  if (row.subject_type === 'order') evidence.order = await orNull(() => loadSoldListing(db, row.subject_id));
  const listingId = await listingIdOf(db, row);
  if (listingId) {
    evidence.listing = await orNull(() => loadAdminListing(db, listingId));
    // Admins only: the ladder carries the hidden maximum bids.
    evidence.bidLadder = await bidLadder(db, listingId);
  }
  if (row.subject_user_id) evidence.user = await orNull(() => loadAdminUser(db, row.subject_user_id!));
  if (row.reporter_id) evidence.reporter = await orNull(() => loadAdminUser(db, row.reporter_id!));
  return { ...caseOf(row), evidence };
}
