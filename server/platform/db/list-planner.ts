// How one admin list query is answered, decided from facts alone: no SQL, no database. The pager
// (list-pages.ts) gathers the facts (the list's declaration, the query, what the search's look-ups
// found) and runs the strategy this returns. ARCHITECTURE.md's "Lists" shows its table; so does
// list-planner.test.ts, one row per situation.

/** What the planner needs to know about a list query. */
export interface ListFacts {
  /** How the list's unfiltered total is known: kept by the database, counted up to the cap, or exactly. */
  total: 'kept' | 'capped' | 'exact';
  /** A filter or a search narrows the list (a kept total then says nothing). */
  narrowed: boolean;
  /** The search: none, one condition over the list's own columns (`or`), or a union of places. */
  search: 'none' | 'or' | 'union';
  /**
   * A union's term is common in one of its places (a short one in a column, or naming more users
   * or listings than search-owners.ts reads): looking its matches up would read most of a table.
   */
  commonTerm: boolean;
  /** An `or` search's bounded walk of the list's first rows decided the count (term-probe.ts). */
  probeDecided: boolean;
  /** The users or listings the term names were read first, and some were found. */
  ownersNamed: boolean;
  /** The list reads joined rows (`AdminList.from`): its rows cannot be walked one table alone. */
  joined: boolean;
  /** The list has no ids (a timeline, `AdminList.tieBreak`): its page is read in one SELECT. */
  timeline: boolean;
  /** The query's order is the walk's: the default sort, newest first. */
  newestFirst: boolean;
}

/**
 * How the count is read. `kept`: the kept total. `exact`: count(*). `counted-with-page`: up to the
 * cap, the page's ids in the same statement. `capped`: up to the cap. `probed`: what the bounded
 * walk found. `walked`: a walk in the list's order to the cap's match, the page's ids among them.
 * `union`: each place up to the cap, then their union up to it.
 */
export type CountStrategy = 'kept' | 'exact' | 'counted-with-page' | 'capped' | 'probed' | 'walked' | 'union';

/**
 * How the page's ids are picked. `sorted`: the sort index, the condition as its filter.
 * `among-few`: every match read first, then sorted. `walk-sort-index`: the sort index walked, each
 * row tested (`pagedByWalk`). `from-count`: the count's statement returned them. `timeline`: no
 * ids, the page's rows in one SELECT. `…-by-row-test`: the search written as a test of the row at
 * hand (correlated look-ups by primary key), not through each place's own index.
 */
export type IdsStrategy =
  | 'sorted'
  | 'sorted-by-row-test'
  | 'among-few'
  | 'walk-sort-index'
  | 'from-count'
  | 'timeline'
  | 'timeline-by-row-test';

export interface ListStrategy {
  count: CountStrategy;
  /**
   * The condition the count and the page read: the search's own (each place through its index),
   * or its test of the row at hand (a term too common to look up in some place).
   */
  condition: 'search' | 'row-test';
  /**
   * The page's ids by what the count proved: `exact` (every match counted), `atLeast` (a lower
   * bound: the cap, or the matches among the walk's rows), `placeOverCap` (a union's place alone
   * is over the cap, and the union was never counted).
   */
  ids: { exact: IdsStrategy; atLeast: IdsStrategy; placeOverCap?: IdsStrategy };
  /** A page among the bounded walk's matches, in their order, is read from them (no second walk). */
  pageFromProbe: boolean;
  /** The rows naming the owners read are counted first: over the cap, they are the count. */
  namedFirst: boolean;
  /** The page's rows: read by their ids (prepared, one statement per list), or in the page's SELECT. */
  rows: 'by-ids' | 'in-page-select';
}

const SAME = (ids: IdsStrategy) => ({ exact: ids, atLeast: ids });
const PLAIN = { condition: 'search', pageFromProbe: false, namedFirst: false, rows: 'by-ids' } as const;

/** The strategy a list query gets. */
export function planList(facts: ListFacts): ListStrategy {
  const strategy = listWithIds(facts);
  if (facts.timeline) return asTimeline(strategy);
  return strategy;
}

function listWithIds(facts: ListFacts): ListStrategy {
  if (facts.total === 'exact') return { ...PLAIN, count: 'exact', ids: SAME('sorted') };
  if (facts.total === 'kept' && !facts.narrowed) return { ...PLAIN, count: 'kept', ids: SAME('sorted') };
  if (facts.search === 'union') return unionStrategy(facts);
  // A list searched on one table alone walks its sort index to a common term's page; a filter,
  // or a joined list, leaves the order to PostgreSQL.
  const overCap = facts.search === 'or' && !facts.joined ? 'walk-sort-index' : 'sorted';
  if (facts.probeDecided) {
    const ids = { exact: 'among-few', atLeast: overCap } as const;
    return { ...PLAIN, count: 'probed', ids, pageFromProbe: facts.newestFirst };
  }
  return { ...PLAIN, count: 'counted-with-page', ids: { exact: 'from-count', atLeast: overCap } };
}

function unionStrategy(facts: ListFacts): ListStrategy {
  if (!facts.commonTerm) {
    const ids = { exact: 'among-few', atLeast: 'sorted', placeOverCap: 'sorted-by-row-test' } as const;
    return { ...PLAIN, count: 'union', ids };
  }
  // A common term: the list is walked in its order, each row tested, after the rows naming the
  // owners read (when over the cap already, so is the search, and the walk need not count).
  const common = { ...PLAIN, condition: 'row-test', namedFirst: facts.ownersNamed && !facts.joined } as const;
  // In the default order one walk counts the matches and finds the page.
  if (facts.newestFirst && !facts.joined) return { ...common, count: 'walked', ids: SAME('from-count') };
  return { ...common, count: 'capped', ids: { exact: 'among-few', atLeast: 'sorted' } };
}

/**
 * A timeline (no ids) counts as any list does but reads its page in one SELECT, of the condition
 * its ids would have read. Its count never returns a page's ids, and no walk is in its order.
 */
function asTimeline(strategy: ListStrategy): ListStrategy {
  const onePage = (ids: IdsStrategy): IdsStrategy =>
    ids === 'sorted-by-row-test' ? 'timeline-by-row-test' : 'timeline';
  const { exact, atLeast, placeOverCap } = strategy.ids;
  return {
    ...strategy,
    count: strategy.count === 'counted-with-page' ? 'capped' : strategy.count,
    ids: {
      exact: onePage(exact),
      atLeast: onePage(atLeast),
      ...(placeOverCap ? { placeOverCap: onePage(placeOverCap) } : {}),
    },
    pageFromProbe: false,
    rows: 'in-page-select',
  };
}

/** What a search's term is, before anything is looked up (`searchOfList`). */
export interface TermFacts {
  /** The search as it looks for this term (`searchFor`: a list keeping names searches them as text). */
  search: 'or' | 'union';
  /** No run of three letters or digits: no trigram finds it, the short-gram indexes do. */
  short: boolean;
  /** The list keeps an index of its searched text next to its default order (`searchedText`). */
  searchedText: boolean;
  /** The list keeps its joined places' names on its own rows (`kept`). */
  keepsNames: boolean;
  joined: boolean;
  total: 'kept' | 'capped' | 'exact';
}

/**
 * What is read about a term before its strategy. `short-grams`: the short-gram indexes'
 * statistics (a common gram is walked to, on the searched text when it is in every column).
 * `trigram`: nothing, the trigram indexes find it. `probe`: ANALYZE's samples, then a bounded
 * walk of the list's first rows (term-probe.ts). `owners`: the users and listings it names, read
 * first unless the term is in at least `walkAt` of their rows.
 */
export type TermLookup =
  | { lookup: 'short-grams'; walkSearchedText: boolean }
  | { lookup: 'trigram' }
  | { lookup: 'probe' }
  | { lookup: 'owners'; walkAt: 'common' | 'dense' };

export function termLookupOf(facts: TermFacts): TermLookup {
  // A list keeping the names walks to a common short term's rows testing its own row, a cheaper
  // walk than reading thousands of users or listings first: it walks for a term common in them.
  if (facts.search === 'union') return { lookup: 'owners', walkAt: facts.keepsNames ? 'common' : 'dense' };
  if (facts.short) return { lookup: 'short-grams', walkSearchedText: facts.searchedText };
  // Joined rows, or a list counted exactly (a queue worked down, never large): no walk.
  if (facts.joined || facts.total === 'exact') return { lookup: 'trigram' };
  return { lookup: 'probe' };
}
