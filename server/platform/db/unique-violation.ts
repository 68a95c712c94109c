// A write a unique index refused (SQLSTATE 23505), found whether the driver's error arrives as is
// (PGlite) or wrapped by drizzle in a "Failed query" error with the driver's error as its cause
// (node-postgres): checking only the outer error's code misses every clash on PostgreSQL.

export interface UniqueViolation {
  /** The index or constraint that refused the write, when the driver names it. */
  constraint: string | null;
  message: string;
}

export function uniqueViolationOf(error: unknown): UniqueViolation | null {
  let current: unknown = error;
  // A short walk: causes are one or two deep, and a cycle must not hang a request.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      return { constraint: typeof constraint === 'string' ? constraint : null, message: String(message ?? '') };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether a unique violation came from the named index (by the driver's field, else its message). */
export function isViolationOf(error: unknown, index: string): boolean {
  const violation = uniqueViolationOf(error);
  return violation !== null && (violation.constraint === index || violation.message.includes(index));
}
