// Imported first by bench-admin.ts, before any server module reads NODE_ENV: the API it builds in
// its own process then runs as deployed. In development and tests every row a statement returns is
// checked against its schema (sql-row.ts, `checkedRows`) and every published event against its
// own; production skips both, and the benchmark measures what production runs. A wide list page
// paid for the checks: the sold listings' default page answered at 57.6 ms p50 with them and
// 41.3 ms without, against 16.0 and 18.1 ms for a user's lookup. `BENCH_CHECKS=1` keeps them on.

/** NODE_ENV as the benchmark was started with: what a child it runs (`npm run seed`) gets back. */
export const STARTED_NODE_ENV = process.env.NODE_ENV;

if (process.env.BENCH_CHECKS !== '1') process.env.NODE_ENV = 'production';

/**
 * The environment for a child process of the benchmark: as it was started. The seeder is a tool
 * run on the embedded defaults, not a deployment: with NODE_ENV=production it would ask for the
 * production secrets (an uploads signing key) and refuse to run.
 */
export function startedEnvironment(): NodeJS.ProcessEnv {
  const environment = { ...process.env };
  if (STARTED_NODE_ENV === undefined) delete environment.NODE_ENV;
  else environment.NODE_ENV = STARTED_NODE_ENV;
  return environment;
}
