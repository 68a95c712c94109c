// Whether an error means the database did not answer (down, restarting, unreachable, or a
// statement over the time-out), as opposed to a refusal of the statement itself: the app answers
// those 503 `databaseUnavailable` (the contract: never 500, never a hang), and the pool gets over
// them by itself once the database is back. Found whether drizzle wraps the driver's error
// ("Failed query", the driver's error as its cause) or not.

/** Connection exceptions (class 08), shutdowns and restarts (57P01–57P03), a cancelled statement (57014). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
/** Node's socket errors. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres says these in words only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Query read timeout',
  'the database system is',
  'Cannot use a pool after calling end',
];

/**
 * Raised by our own code when the database has not answered within the time a request may wait
 * (a bid's deadline, bid-transaction.ts): the same 503 as the driver's own time-outs.
 */
export class DatabaseTimeoutError extends Error {
  readonly code = 'databaseTimeout';
  constructor(what: string) {
    super(`the database did not answer in time (${what})`);
    this.name = 'DatabaseTimeoutError';
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseTimeoutError) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.includes(words))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
