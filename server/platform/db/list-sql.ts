// SQL pieces every admin list uses: the search pattern, ordering and paging.
import { sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/contract/enums.js';
import { hasControlCharacters } from '../../../shared/contract/text.js';
import { queryRows, type Db, type Executor } from './database.js';
import { adminPage, searchedPage, type KeptTotal, type ListCount, type SearchedList } from './admin-list.js';

/**
 * `'%term%'` as an inline SQL literal, LIKE wildcards escaped. Inline on purpose: with a bound
 * `ILIKE $1` PostgreSQL may pick a generic plan that cannot use the trigram index, while a
 * literal pattern is planned against the index every time.
 *
 * The term must be single-line text (the list query's `search` is): a U+0000 cannot be written
 * in any PostgreSQL literal and would cut the statement's wire message short, so it is refused
 * here too rather than sent.
 */
export function containsPattern(search: string): SQL {
  if (hasControlCharacters(search)) throw new RangeError('A search term must not contain control characters');
  const like = search.replace(/[\\%_]/g, (char) => `\\${char}`);
  // standard_conforming_strings is on (the default since 9.1): only quotes need doubling.
  return sql.raw(`'%${like.replace(/'/g, "''")}%'`);
}

/** The trimmed search term, or null when there is nothing to search for. */
export function searchTerm(search: string | undefined): string | null {
  const term = search?.trim();
  return term ? term : null;
}

/** The list's search as a `containsPattern`, or null when there is nothing to search for. */
export function searchPattern(search: string | undefined): SQL | null {
  const term = searchTerm(search);
  return term ? containsPattern(term) : null;
}

/**
 * ORDER BY the column, then the id as a tie-breaker so pages never overlap. A nullable column
 * puts its nulls last in both directions; a NOT NULL one leaves NULLS out, which is the same
 * order and lets one `(column, id)` index serve both directions (a backward scan is DESC NULLS
 * FIRST, and the planner does not know the column has no nulls).
 */
export function orderBy(column: SQL, order: SortOrder | undefined, idColumn: SQL, nullable = false): SQL {
  const direction = sql.raw(order === 'ASC' ? 'ASC' : 'DESC');
  const nulls = sql.raw(nullable ? ' NULLS LAST' : '');
  return sql`ORDER BY ${column} ${direction}${nulls}, ${idColumn} ${direction}`;
}

export function pageOf(page: number, limit: number): SQL {
  return sql`LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
}

/** The tail of a list's SELECT: ORDER BY the column (then the id), then the query's page. */
export function sortedPage(
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  nullable = false,
): SQL {
  return sql`${orderBy(column, query.order, idColumn, nullable)} ${pageOf(query.page, query.limit)}`;
}

/**
 * A page picked by id first: `WHERE idColumn IN (SELECT idColumn FROM from where ORDER BY … LIMIT
 * … OFFSET …)`, and the ORDER BY for the outer SELECT. The list's joins and per-row subqueries
 * then run for the page's rows only, not for every row a deep OFFSET skips.
 */
export function pagedById(
  from: SQL,
  where: SQL,
  column: SQL,
  query: { order?: SortOrder | undefined; page: number; limit: number },
  idColumn: SQL,
  nullable = false,
): { where: SQL; order: SQL } {
  return {
    where: sql`WHERE ${idColumn} IN (SELECT ${idColumn} FROM ${from} ${where} ${sortedPage(column, query, idColumn, nullable)})`,
    order: orderBy(column, query.order, idColumn, nullable),
  };
}

/**
 * A list's page and its total: first `count(*)` of every row `from` and `where` match, then the
 * page's own statement (`pageRows`, which repeats the same `where`).
 */
export async function countedPage<Row>(
  db: Executor,
  from: SQL,
  where: SQL,
  pageRows: SQL,
): Promise<{ count: number; rows: Row[] }> {
  const [countRow] = await queryRows<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM ${from} ${where}`,
  );
  const rows = await queryRows<Row>(db, pageRows);
  return { count: Number(countRow?.count ?? 0), rows };
}

/** `IN (…)` over a non-empty list of ids. */
export function inList(ids: readonly string[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export function whereAll(conditions: (SQL | null)[]): SQL {
  const present = conditions.filter((condition): condition is SQL => condition !== null);
  return present.length ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
}

/** Ids of users whose name or email matches: both trigram indexes, combined by a BitmapOr. */
export function matchingUserIds(pattern: SQL): SQL {
  return sql`SELECT id FROM users WHERE user_name ILIKE ${pattern} OR email ILIKE ${pattern}`;
}

/** The user `userId` names matches by name or email: one lookup by primary key, for one row. */
export function userMatches(userId: SQL, pattern: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM users mu WHERE mu.id = ${userId} AND (mu.user_name ILIKE ${pattern} OR mu.email ILIKE ${pattern}))`;
}

/** The listing `listingId` names matches by title: one lookup by primary key, for one row. */
export function listingTitleMatches(listingId: SQL, pattern: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM listings ml WHERE ml.id = ${listingId} AND ml.title ILIKE ${pattern})`;
}

/**
 * `idColumn IN (branch UNION branch …)`: each branch selects matching ids through its own
 * index. A plain OR across columns and joined tables would leave only a sequential scan.
 */
export function idMatchesAny(idColumn: SQL, branches: SQL[]): SQL {
  return sql`${idColumn} IN (${sql.join(branches, sql` UNION `)})`;
}

/**
 * WHERE `condition` holds and, when the list is searched, the row's id is one a branch finds for
 * the search's pattern (`idMatchesAny`, each branch through its own index).
 */
export function whereSearched(
  condition: SQL,
  search: string | undefined,
  idColumn: SQL,
  branches: (pattern: SQL) => SQL[],
): SQL {
  const pattern = searchPattern(search);
  return whereAll([condition, pattern ? idMatchesAny(idColumn, branches(pattern)) : null]);
}

/**
 * One admin list as SQL, shared by its paged answer (`listPage`) and its export
 * (`streamListItems`): the rows it matches (`from` + `where`), how they are selected given the
 * statement's tail, its sort, and how a batch of raw rows becomes the list's items.
 */
export interface ListSource<Row, Item> {
  from: SQL;
  where: SQL;
  /** The list's SELECT of the rows `rows` (a WHERE) picks, ending with `tail` (order, page). */
  select(rows: SQL, tail: SQL): SQL;
  sortColumn: SQL;
  idColumn: SQL;
  order: SortOrder | undefined;
  /** Sort NULLS LAST (a nullable sort key); the default order's index has no nulls to place. */
  nullableSort?: boolean;
  /** The kept total to answer when the list is not searched (null: searched, count up to the cap). */
  keptTotal: KeptTotal | null;
  /**
   * A search over several places, counted and paged by branch (searchedPage), whose `where` is
   * `whereSearched` of the same condition and branches; absent: `where` alone.
   */
  searched?: SearchedList | undefined;
  items(db: Executor, rows: Row[]): Promise<Item[]> | Item[];
}

/** A list's page and its count, as every admin list answers. */
export async function listPage<Row, Item>(
  db: Executor,
  source: ListSource<Row, Item>,
  paging: { page: number; limit: number },
): Promise<ListCount & { items: Item[] }> {
  // The page's ids first (pagedById): joins and per-row subqueries then run for ten rows only.
  const pageRows = (where: SQL) => {
    const query = { order: source.order, page: paging.page, limit: paging.limit };
    const page = pagedById(source.from, where, source.sortColumn, query, source.idColumn, source.nullableSort);
    return source.select(page.where, page.order);
  };
  const { counted, rows } = source.searched
    ? await searchedPage<Row>(db, source.from, source.where, source.searched, pageRows)
    : await adminPage<Row>(db, source.keptTotal, source.from, source.where, pageRows(source.where));
  return { ...counted, items: await source.items(db, rows) };
}

/** Rows an export reads from its cursor at a time: bounded memory, few round trips. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * Every item of a list in its order, batch by batch, from one server-side cursor in a read-only
 * snapshot: a million rows never sit in memory, and no page is skipped or repeated while rows
 * change (no OFFSET, whose cost grows with every page).
 */
export async function streamListItems<Row, Item>(
  db: Pick<Db, 'transaction'>,
  source: ListSource<Row, Item>,
  onBatch: (items: Item[]) => Promise<void>,
  batchRows = EXPORT_BATCH_ROWS,
): Promise<number> {
  let total = 0;
  await db.transaction(
    async (tx) => {
      await tx.execute(
        sql`DECLARE list_export NO SCROLL CURSOR FOR ${source.select(
          source.where,
          orderBy(source.sortColumn, source.order, source.idColumn, source.nullableSort),
        )}`,
      );
      for (;;) {
        const rows = await queryRows<Row>(tx, sql`FETCH FORWARD ${sql.raw(String(batchRows))} FROM list_export`);
        if (rows.length === 0) break;
        total += rows.length;
        await onBatch(await source.items(tx, rows));
        if (rows.length < batchRows) break;
      }
      await tx.execute(sql`CLOSE list_export`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return total;
}
