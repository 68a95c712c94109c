// A backtest's daily series (`perDay`): the window's every UTC day, oldest first, with the number
// of matches made on it, so the app's chart shows quiet days as zeros rather than leaving them out.

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const utcDayOf = (atMs: number): string => new Date(atMs).toISOString().slice(0, 10);

/** The window `days` days back from `nowMs` touches days + 1 calendar days (both ends partial). */
export function matchesPerDay(
  days: number,
  nowMs: number,
  /** Matches counted by their UTC day (utcDayOf), as the backtest streams them. */
  matchedByDay: ReadonlyMap<string, number>,
): { day: string; matches: number }[] {
  const series = new Map<string, number>();
  const first = Date.parse(`${utcDayOf(nowMs - days * DAY_MS)}T00:00:00Z`);
  for (let at = first; at <= nowMs; at += DAY_MS) series.set(utcDayOf(at), 0);
  const firstDay = utcDayOf(first);
  for (const [day, count] of matchedByDay) {
    // A match outside the window (clock skew between the database and this node) joins its edge.
    const known = series.has(day) ? day : day < firstDay ? firstDay : utcDayOf(nowMs);
    series.set(known, (series.get(known) ?? 0) + count);
  }
  return [...series].map(([day, matches]) => ({ day, matches }));
}
