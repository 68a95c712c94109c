// Text PostgreSQL refused to read: SQLSTATE 22021 (a byte sequence UTF-8 cannot hold, which is how
// it answers U+0000), 22P05 (a character the database encoding lacks) and 22P02 (text that is not
// a value of the column's type). Validation refuses such input first (shared/contract/text.ts);
// this only keeps a field it missed a 400 instead of a 500. Found whether the driver's error
// arrives as is (PGlite) or as the cause of drizzle's "Failed query" error (node-postgres).

const REFUSED_TEXT_STATES = new Set(['22021', '22P05', '22P02']);

export function refusedTextOf(error: unknown): boolean {
  let current: unknown = error;
  // A short walk: causes are one or two deep, and a cycle must not hang a request.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && REFUSED_TEXT_STATES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
