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
import { queryRows } from '../../platform/db/database.js';
import {
  countedPage,
  inList,
  matchingUserIds,
  searchPattern,
  sortedPage,
  whereAll,
} from '../../platform/db/list-sql.js';
import { HttpError } from '../../platform/http/errors.js';
import { auctionMessageItem, chatMessageEvidence } from '../conversations/index.js';
import { loadAdminListing } from '../listings/index.js';
import { loadSoldListing } from '../orders/index.js';
import { loadAdminUser } from '../accounts/index.js';
import { bidLadder } from '../auctions/index.js';
import { CASE_SELECT, caseOf, caseRow, detailsOf, type CaseRow } from './case-items.js';

const SORT: Record<NonNullable<ReviewCaseQuery['sortBy']>, SQL> = {
  createdAt: sql`rc.created_at`,
  updatedAt: sql`rc.updated_at`,
  // Descending puts high first.
  priority: sql`CASE rc.priority WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END`,
};

const anyOf = (column: SQL, values: readonly string[] | undefined) =>
  values && values.length > 0 ? sql`${column} IN ${inList(values)}` : null;

export async function listReviewCases(
  db: Executor,
  query: ReviewCaseQuery,
): Promise<{ count: number; items: ReviewCase[] }> {
  const pattern = searchPattern(query.search);
  const where = whereAll([
    anyOf(sql`rc.status`, query.status),
    anyOf(sql`rc.source`, query.source),
    anyOf(sql`rc.subject_type`, query.subjectType),
    anyOf(sql`rc.priority`, query.priority),
    pattern
      ? sql`(rc.excerpt ILIKE ${pattern} OR rc.reason ILIKE ${pattern}
             OR rc.reporter_id IN (${matchingUserIds(pattern)}) OR rc.subject_user_id IN (${matchingUserIds(pattern)}))`
      : null,
  ]);
  const { count, rows } = await countedPage<CaseRow>(
    db,
    sql`review_cases rc`,
    where,
    sql`${CASE_SELECT} ${where} ${sortedPage(SORT[query.sortBy ?? 'createdAt'], query, sql`rc.id`)}`,
  );
  return { count, items: rows.map(caseOf) };
}

export async function reviewCaseCounts(db: Executor): Promise<ReviewCaseCounts> {
  const [row] = await queryRows<{ open: string | number; claimed: string | number; high: string | number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'open') AS open,
               count(*) FILTER (WHERE status = 'claimed') AS claimed,
               count(*) FILTER (WHERE priority = 'high') AS high
        FROM review_cases WHERE status <> 'resolved'`,
  );
  return { open: Number(row?.open ?? 0), claimed: Number(row?.claimed ?? 0), high: Number(row?.high ?? 0) };
}

/** A record that is gone (deleted since the case opened) is evidence that is no longer there: null. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    if (error instanceof Error && /not found/.test(error.message)) return null;
    throw error;
  }
}

async function listingIdOf(db: Executor, row: CaseRow): Promise<string | null> {
  if (row.subject_type === 'listing') return row.subject_id;
  if (row.subject_type === 'auctionMessage') {
    const [message] = await queryRows<{ listing_id: string }>(
      db,
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
