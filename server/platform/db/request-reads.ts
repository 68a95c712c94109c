// An admin list's statements belong to the request that asked for them. A moderator typing a name
// sends a search per pause; the app aborts the ones whose answer nobody will read, and the closed
// request must not keep a PostgreSQL backend busy: its running statement is cancelled. Each list
// read also runs under a statement time-out, so a search no index can bound answers "add more
// letters" (422 `searchTooBroad`) in seconds rather than holding a connection.
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from '../http/errors.js';
import { pgSession, type Executor } from './database.js';

/** A list statement's time-out by default; `ADMIN_LIST_STATEMENT_TIMEOUT_MS` sets another. */
export const LIST_STATEMENT_TIMEOUT_MS = 3000;

export const SEARCH_TOO_BROAD_MESSAGE = 'Search too broad — add more letters';

/** The signal of the request being answered: aborted when its client goes away unanswered. */
const requestSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` as the request whose closing `signal` tells (the admin routes, admin-api.ts). */
export function inRequest<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return requestSignal.run(signal, work);
}

function statementTimeoutMs(): number {
  const configured = Number(process.env.ADMIN_LIST_STATEMENT_TIMEOUT_MS);
  return Number.isInteger(configured) && configured > 0 ? configured : LIST_STATEMENT_TIMEOUT_MS;
}

/** The SQLSTATE of a driver error, whether it arrives as is or as the cause of drizzle's. */
function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  // A short walk: causes are one or two deep, and a cycle must not hang a request.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLSTATE 57014: a statement cancelled, by its time-out or by `pg_cancel_backend`. */
const QUERY_CANCELED = '57014';

/**
 * Runs `read` (a list's statements) on one connection of its own under the statement time-out,
 * cancelling its running statement when the request closes. On PGlite (one process, no other
 * connection to cancel from) `read` runs as is.
 */
export async function requestRead<T>(db: Executor, read: (executor: Executor) => Promise<T>): Promise<T> {
  const signal = requestSignal.getStore();
  if (signal?.aborted) throw closedRequest();
  // The time-out, and no parallel workers: a list statement reads a bounded few rows, and starting
  // workers cost 15 ms where the index scan itself took 0.1 ms. Both are settings its connection
  // starts with (a pool of such connections, database.ts): no SET before, no RESET after.
  const session = await pgSession(db, {
    statementTimeoutMs: statementTimeoutMs(),
    others: { max_parallel_workers_per_gather: 0 },
  });
  if (!session) return read(db);
  let cancelling: Promise<void> | null = null;
  const cancel = () => {
    cancelling = session.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await read(session.db);
  } catch (error) {
    if (signal?.aborted) throw closedRequest();
    if (sqlStateOf(error) === QUERY_CANCELED) throw new HttpError(422, SEARCH_TOO_BROAD_MESSAGE, 'searchTooBroad');
    throw error;
  } finally {
    signal?.removeEventListener('abort', cancel);
    // A cancel may land after the statement it aimed at: such a connection never goes back to the pool.
    if (cancelling) await cancelling;
    session.release(cancelling !== null);
  }
}

/** What a request closed by its client gets (nobody reads it; never logged as a failure). */
function closedRequest(): HttpError {
  return new HttpError(503, 'The request was closed before its answer');
}
