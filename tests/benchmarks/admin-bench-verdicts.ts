// The admin benchmark's verdicts (issue 46): each request's HTTP req/s over pgbench's on the same
// statements against its target and against the previous full run on this machine (a drop of
// more than 25% is a REGRESSION, as bench:bids says it), and each request's growth from one
// database size to another (`--compare-users`: the larger size's figures over the smaller's).

import { type Verdict, verdictOf } from './bidding-bench-verdicts.js';

/** HTTP at least this share of pgbench's rate on the same statements (issue 46). */
export const PGBENCH_RATIO_TARGET = 0.8;
/** A request may grow this much from one million users to three (issue 46) before it needs a reason. */
export const GROWTH_LIMIT = 1.5;

/** What a run keeps of each request, in `.data/bench/admin-*.json`. */
export interface RequestRates {
  name: string;
  http: { p50: number; perSecond: number };
  pgbenchTps: number;
}

export interface AdminRun {
  at: string;
  users: number;
  clients: number;
  seconds: number;
  figures: RequestRates[];
}

export const pgbenchRatio = (figures: RequestRates): number => figures.http.perSecond / figures.pgbenchTps;

export interface RatioVerdict {
  ratio: number;
  previousRatio: number | null;
  verdict: Verdict;
}

/** The request's ratio to pgbench, judged against the target and the previous full run's. */
export function ratioVerdict(figures: RequestRates, previous: AdminRun | null): RatioVerdict {
  const ratio = pgbenchRatio(figures);
  const before = previous?.figures.find((other) => other.name === figures.name);
  const previousRatio = before ? pgbenchRatio(before) : null;
  const verdict = verdictOf(
    { scenario: figures.name, side: 'http', ratio, target: PGBENCH_RATIO_TARGET },
    previousRatio,
  );
  return { ratio, previousRatio, verdict };
}

export interface Growth {
  name: string;
  /** The larger database's p50 over the smaller's (16 clients). */
  p50: number;
  /** The smaller database's HTTP req/s over the larger's: the time a request takes, grown. */
  http: number;
  /** The same for pgbench on the same statements: what the database alone grew. */
  pgbench: number;
  /** Over GROWTH_LIMIT, by the API's rate. */
  over: boolean;
}

/** Each request measured in both runs, the larger database's figures over the smaller's. */
export function growthBetween(one: AdminRun, other: AdminRun): Growth[] {
  const [small, large] = one.users <= other.users ? [one, other] : [other, one];
  return small.figures.flatMap((before) => {
    const after = large.figures.find((figures) => figures.name === before.name);
    if (!after) return [];
    const http = before.http.perSecond / after.http.perSecond;
    return [
      {
        name: before.name,
        p50: after.http.p50 / before.http.p50,
        http,
        pgbench: before.pgbenchTps / after.pgbenchTps,
        over: http > GROWTH_LIMIT,
      },
    ];
  });
}
