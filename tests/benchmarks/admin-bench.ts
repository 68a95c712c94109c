// One admin request measured three ways on the same database: through HTTP (16 keep-alive
// clients in a worker thread, p50/p95 and requests per second, plus a few single requests on
// their own), as pgbench running the very statements the request sends (captured from the
// list's own service) at the same concurrency, and as EXPLAIN (ANALYZE, BUFFERS) of each of those
// statements. Times are reported, never judged; a wrong answer (not 200, or a count that is not
// the list's) is returned as a failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Db } from '../../server/platform/db/database.js';
import { recordStatements, type ListRequest, type RecordedStatement } from '../support/admin-list-requests.js';
import { runPgbench } from './bidding-bench-sides.js';
import { shares, splitProfile, type CpuProfile } from './cpu-profile-split.js';

interface HttpRun {
  p50: number;
  p95: number;
  perSecond: number;
  /** Answers received (for the API's CPU time per request). */
  requests: number;
  failures: string[];
  firstBody: string | null;
}

export interface RequestFigures {
  name: string;
  path: string;
  /** p50 of single requests sent one after another (an otherwise idle API). */
  singleP50: number;
  http: HttpRun;
  /** The API thread's CPU milliseconds per request under the load (user + system). */
  apiCpuMs: number;
  pgbenchTps: number;
  pgbenchLatencyMs: number;
  /** Shared buffers (hit + read) each statement touched, in order. */
  buffers: number[];
  statements: RecordedStatement[];
  failures: string[];
  /** With `cpuProfileDir`: the API thread's busy time under load by part, shares largest first. */
  cpuSplit?: [string, number][];
}

/**
 * Runs `body` under the V8 CPU profiler of this thread (the API's: the clients have their own),
 * writes the profile into `dir` and returns it with the body's result.
 */
async function profiled<T>(
  dir: string,
  label: string,
  body: () => Promise<T>,
): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    const result = await body();
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`), JSON.stringify(profile));
    return { result, profile: profile as CpuProfile };
  } finally {
    session.disconnect();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

export async function httpLoad(options: {
  url: string;
  token: string;
  clients: number;
  durationMs: number;
  requests?: number;
  body?: unknown;
}): Promise<HttpRun> {
  const worker = new Worker(new URL('./http-load.worker.mjs', import.meta.url), { workerData: options });
  const result = await new Promise<{
    latencies: number[];
    failures: string[];
    elapsedMs: number;
    firstBody: string | null;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    perSecond: (sorted.length / result.elapsedMs) * 1000,
    requests: sorted.length,
    failures: result.failures,
    firstBody: result.firstBody,
  };
}

/** The pgbench script of `statements`: `$n` becomes the variable `:pN`, given with `-D`. */
function pgbenchScript(statements: RecordedStatement[]): { script: string; defines: string[] } {
  const defines: string[] = [];
  const lines = statements.map((statement, s) => {
    // A Date (the seller standing's window edges) as PostgreSQL reads it, not as String() writes it.
    statement.params.forEach((value, i) =>
      defines.push(`s${s}p${i + 1}=${value instanceof Date ? value.toISOString() : String(value)}`),
    );
    return `${statement.sql.replace(/\s+/g, ' ').replace(/\$(\d+)/g, (_, n: string) => `:s${s}p${n}`)};`;
  });
  return { script: `${lines.join('\n')}\n`, defines };
}

/**
 * pgbench's protocol for a request: `prepared` (each statement parsed and planned once per
 * connection) when the API prepares every statement it sends, as it does for a seller's standing;
 * otherwise `extended`, each statement planned on every run. A list that prepares its rows
 * statement but not its count is compared with pgbench planning both (`preparedOf` says so
 * beside its ratio): pgbench pays the plan the API spares, there.
 */
export function pgbenchMode(statements: readonly RecordedStatement[]): 'prepared' | 'extended' {
  return statements.length > 0 && statements.every((statement) => statement.prepared) ? 'prepared' : 'extended';
}

/** How many of the request's statements the API prepares, as `k/n`. */
export const preparedOf = (statements: readonly RecordedStatement[]) =>
  `${statements.filter((statement) => statement.prepared).length}/${statements.length}`;

async function pgbenchOf(
  url: string,
  statements: RecordedStatement[],
  clients: number,
  seconds: number,
  dir: string,
): Promise<{ tps: number; latencyMs: number }> {
  const { script, defines } = pgbenchScript(statements);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'admin-request.sql');
  writeFileSync(file, script);
  const args = [
    '-n',
    '-M',
    pgbenchMode(statements),
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    file,
  ];
  for (const define of defines) args.push('-D', define);
  // The statements run as the API runs them: without JIT (database.ts).
  args.push(`${url}${url.includes('?') ? '&' : '?'}options=-c%20jit%3Doff`);
  const run = await runPgbench(args);
  const output = run.stdout + run.stderr;
  if (run.code !== 0) throw new Error(`pgbench exited with ${run.code}: ${output}`);
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? NaN);
  return { tps, latencyMs };
}

/** Shared buffers (hit + read) the statement's plan touched, from EXPLAIN (ANALYZE, BUFFERS). */
async function buffersOf(client: pg.Client, statement: RecordedStatement): Promise<number> {
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`,
    statement.params,
  );
  const plan = result.rows[0]!['QUERY PLAN'][0].Plan;
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}

/** The answer's `count` must be what the list's service answers on the same database. */
function wrongAnswer(expected: unknown, body: string | null): string | null {
  if (body === null) return 'no successful answer';
  const answer = JSON.parse(body) as Record<string, unknown>;
  const wanted = expected as Record<string, unknown>;
  for (const key of ['count', 'countCapped', 'numberOfUsers', 'numberOfUniqueBidders', 'id', 'accounts']) {
    if (wanted[key] !== answer[key]) return `${key}: expected ${String(wanted[key])}, answered ${String(answer[key])}`;
  }
  if (Array.isArray(wanted.items) && (answer.items as unknown[]).length !== wanted.items.length) {
    return `items: expected ${wanted.items.length}, answered ${(answer.items as unknown[]).length}`;
  }
  return null;
}

export async function measureRequest(options: {
  request: ListRequest;
  db: Db;
  databaseUrl: string;
  apiUrl: string;
  token: string;
  clients: number;
  seconds: number;
  workDir: string;
  /** Profile the API's thread while the clients load it, into this folder. */
  cpuProfileDir?: string | undefined;
}): Promise<RequestFigures> {
  const { request, db, databaseUrl, apiUrl, token, clients, seconds } = options;
  const { answer, statements } = await recordStatements(db, request);
  const url = `${apiUrl}/v1/admin${request.path}`;
  const { body } = request;
  const single = await httpLoad({ url, token, clients: 1, durationMs: 0, requests: 7, body });
  // The API's thread CPU time over the load: our own cost per request, which two shared cores
  // disturb far less than the rates (the clients' thread is not in it; the pg client is).
  const cpuBefore = process.threadCpuUsage();
  const load = () => httpLoad({ url, token, clients, durationMs: seconds * 1000, body });
  let http: HttpRun;
  let cpuSplit: [string, number][] | undefined;
  if (options.cpuProfileDir) {
    const run = await profiled(options.cpuProfileDir, request.name, load);
    http = run.result;
    cpuSplit = shares(splitProfile(run.profile));
  } else {
    http = await load();
  }
  const cpu = process.threadCpuUsage(cpuBefore);
  const apiCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, http.requests);
  const bench = await pgbenchOf(databaseUrl, statements, clients, seconds, options.workDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const buffers: number[] = [];
  try {
    for (const statement of statements) buffers.push(await buffersOf(client, statement));
  } finally {
    await client.end();
  }
  const failures = [...single.failures, ...http.failures];
  const wrong = wrongAnswer(answer, single.firstBody);
  if (wrong) failures.push(wrong);
  return {
    name: request.name,
    path: request.path,
    singleP50: single.p50,
    http,
    apiCpuMs,
    pgbenchTps: bench.tps,
    pgbenchLatencyMs: bench.latencyMs,
    buffers,
    statements,
    failures,
    ...(cpuSplit ? { cpuSplit } : {}),
  };
}
