// The planner's table: one row per situation a list query can be in, the strategy it gets and
// why. ARCHITECTURE.md's "Lists" shows the same table.
import { describe, expect, it } from 'vitest';
import {
  planList,
  termLookupOf,
  type ListFacts,
  type ListStrategy,
  type TermFacts,
  type TermLookup,
} from './list-planner.js';

/** A list of ids, its total kept, sorted newest first, neither searched nor filtered. */
const PLAIN: ListFacts = {
  total: 'kept',
  narrowed: false,
  search: 'none',
  commonTerm: false,
  probeDecided: false,
  ownersNamed: false,
  joined: false,
  timeline: false,
  newestFirst: true,
};

const SEARCHED = { narrowed: true, search: 'or' } as const;
const UNION = { narrowed: true, search: 'union' } as const;
const plain = { condition: 'search', pageFromProbe: false, namedFirst: false, rows: 'by-ids' } as const;

const TABLE: { situation: string; facts: Partial<ListFacts>; strategy: ListStrategy; why: string }[] = [
  {
    situation: 'an unfiltered list whose total the database keeps',
    facts: {},
    strategy: { ...plain, count: 'kept', ids: { exact: 'sorted', atLeast: 'sorted' } },
    why: 'a few rows of list_totals; the page is the sort index read to its OFFSET',
  },
  {
    situation: 'a list counted exactly (a queue worked down, a buyer’s own orders)',
    facts: { total: 'exact', ...SEARCHED },
    strategy: { ...plain, count: 'exact', ids: { exact: 'sorted', atLeast: 'sorted' } },
    why: 'never large: count(*) costs what the page does',
  },
  {
    situation: 'a filtered list (the audit log by action)',
    facts: { total: 'capped', narrowed: true },
    strategy: { ...plain, count: 'counted-with-page', ids: { exact: 'from-count', atLeast: 'sorted' } },
    why: 'one statement counts up to the cap and, under it, returns the page’s ids',
  },
  {
    situation: 'a rare term on one table (looked up: the probe found nothing)',
    facts: SEARCHED,
    strategy: { ...plain, count: 'counted-with-page', ids: { exact: 'from-count', atLeast: 'walk-sort-index' } },
    why: 'its few matches are gathered through the trigram index, counted and paged at once; over the cap, the sort index is walked, each row tested',
  },
  {
    situation: 'a rare term on joined rows (a list with `from`)',
    facts: { ...SEARCHED, joined: true },
    strategy: { ...plain, count: 'counted-with-page', ids: { exact: 'from-count', atLeast: 'sorted' } },
    why: 'joined rows cannot be walked one table alone: PostgreSQL orders them',
  },
  {
    situation: 'a common term, newest first: the bounded walk counted it',
    facts: { ...SEARCHED, probeDecided: true },
    strategy: {
      ...plain,
      count: 'probed',
      ids: { exact: 'among-few', atLeast: 'walk-sort-index' },
      pageFromProbe: true,
    },
    why: 'the walk’s matches are in the page’s order: a page among them needs no second walk',
  },
  {
    situation: 'a common term in another order',
    facts: { ...SEARCHED, probeDecided: true, newestFirst: false },
    strategy: { ...plain, count: 'probed', ids: { exact: 'among-few', atLeast: 'walk-sort-index' } },
    why: 'the walk counted in the default order; the page is found in the asked one',
  },
  {
    situation: 'a union search whose places each find few matches',
    facts: UNION,
    strategy: {
      ...plain,
      count: 'union',
      ids: { exact: 'among-few', atLeast: 'sorted', placeOverCap: 'sorted-by-row-test' },
    },
    why: 'each place counted up to the cap through its own index, then their union; a place over the cap settles the count, and the page tests each row',
  },
  {
    situation: 'a union search, a term common in one place, newest first',
    facts: { ...UNION, commonTerm: true },
    strategy: {
      ...plain,
      condition: 'row-test',
      count: 'walked',
      ids: { exact: 'from-count', atLeast: 'from-count' },
    },
    why: 'one walk in the list’s order to the cap’s match counts and finds the page',
  },
  {
    situation: 'the same, the owners the term names read first and some found',
    facts: { ...UNION, commonTerm: true, ownersNamed: true },
    strategy: {
      ...plain,
      condition: 'row-test',
      namedFirst: true,
      count: 'walked',
      ids: { exact: 'from-count', atLeast: 'from-count' },
    },
    why: 'the rows naming them, over the cap already, are the count: the walk reads the page only',
  },
  {
    situation: 'a union search, a common term, in another order',
    facts: { ...UNION, commonTerm: true, newestFirst: false },
    strategy: { ...plain, condition: 'row-test', count: 'capped', ids: { exact: 'among-few', atLeast: 'sorted' } },
    why: 'counted up to the cap testing each row; the page through the sort index',
  },
  {
    situation: 'a timeline (no ids) counted exactly',
    facts: { total: 'exact', timeline: true, newestFirst: false },
    strategy: {
      ...plain,
      count: 'exact',
      ids: { exact: 'timeline', atLeast: 'timeline' },
      rows: 'in-page-select',
    },
    why: 'no ids to pick first: the page’s rows in one SELECT',
  },
  {
    situation: 'a filtered timeline',
    facts: { total: 'capped', narrowed: true, timeline: true, newestFirst: false },
    strategy: {
      ...plain,
      count: 'capped',
      ids: { exact: 'timeline', atLeast: 'timeline' },
      rows: 'in-page-select',
    },
    why: 'counted up to the cap; no page’s ids come with a count',
  },
];

describe('planList', () => {
  it.each(TABLE)('$situation', ({ facts, strategy }) => {
    expect(planList({ ...PLAIN, ...facts })).toEqual(strategy);
  });

  it('never walks joined rows, nor reads a page from a probe in another order', () => {
    for (const joined of [true, false])
      for (const newestFirst of [true, false])
        for (const search of ['or', 'union'] as const)
          for (const probeDecided of [true, false]) {
            const strategy = planList({ ...PLAIN, narrowed: true, search, joined, newestFirst, probeDecided });
            if (joined) expect(Object.values(strategy.ids)).not.toContain('walk-sort-index');
            if (!newestFirst) expect(strategy.pageFromProbe).toBe(false);
          }
  });
});

/** A longer term on a list of one table, its total kept. */
const TERM: TermFacts = {
  search: 'or',
  short: false,
  searchedText: false,
  keepsNames: false,
  joined: false,
  total: 'kept',
};

const TERMS: { situation: string; facts: Partial<TermFacts>; lookup: TermLookup; why: string }[] = [
  {
    situation: 'a term of three letters on one table',
    facts: {},
    lookup: { lookup: 'probe' },
    why: 'the samples, then 300 and 2,500 of its first rows, tell whether the walk counts it',
  },
  {
    situation: 'the same on joined rows',
    facts: { joined: true },
    lookup: { lookup: 'trigram' },
    why: 'joined rows are not walked',
  },
  {
    situation: 'the same on a list counted exactly',
    facts: { total: 'exact' },
    lookup: { lookup: 'trigram' },
    why: 'a queue worked down is never large',
  },
  {
    situation: 'a short term ("an") on the users',
    facts: { short: true, searchedText: true },
    lookup: { lookup: 'short-grams', walkSearchedText: true },
    why: 'a gram common in every column walks the indexed searched text',
  },
  {
    situation: 'a short term on a list without a searched text',
    facts: { short: true },
    lookup: { lookup: 'short-grams', walkSearchedText: false },
    why: 'its common grams are left out of the row test',
  },
  {
    situation: 'a union keeping the names on its rows',
    facts: { search: 'union', short: true, keepsNames: true },
    lookup: { lookup: 'owners', walkAt: 'common' },
    why: 'testing its own row is cheaper than reading thousands of users first',
  },
  {
    situation: 'a union through joined users and listings',
    facts: { search: 'union' },
    lookup: { lookup: 'owners', walkAt: 'dense' },
    why: 'the users and listings it names are read first unless it is in most of them',
  },
];

describe('termLookupOf', () => {
  it.each(TERMS)('$situation', ({ facts, lookup }) => {
    expect(termLookupOf({ ...TERM, ...facts })).toEqual(lookup);
  });
});
