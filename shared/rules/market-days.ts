// The calendar of market health (GET /admin/metrics/market): days are UTC dates `YYYY-MM-DD`, a
// range is at most 366 days, a week row is named by its ISO week's Monday. Pure, so the API,
// the dashboard's range picker and its "previous period" agree on every day.

export const MAX_METRIC_DAYS = 366;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` that names a real day (2026-02-30 does not), else null. */
export function dayNumber(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) return null;
  return ms / DAY_MS;
}

/**
 * The day `number` days after 1970-01-01. Arithmetic (Howard Hinnant's days-to-civil), not a Date
 * per call: the API names a year of days per request, and toISOString was most of that time.
 */
export function dayOf(number: number): string {
  const shifted = number + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** The UTC day of an instant. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

export const addDays = (day: string, count: number): string => dayOf(dayNumber(day)! + count);

/** Why `from..to` is not a range the API answers, or null. */
export function rangeRefusal(from: string, to: string): string | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  if (start === null) return 'from must be a date (YYYY-MM-DD)';
  if (end === null) return 'to must be a date (YYYY-MM-DD)';
  if (start > end) return 'from must not be after to';
  if (end - start + 1 > MAX_METRIC_DAYS) return `the range must be at most ${MAX_METRIC_DAYS} days`;
  return null;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const start = dayNumber(from)!;
  const end = dayNumber(to)!;
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => dayOf(start + index));
}

/** The Monday of the ISO week `day` falls in. */
export function mondayOf(day: string): string {
  const number = dayNumber(day)!;
  // 1970-01-01 was a Thursday: (number + 3) mod 7 is the days since Monday.
  return dayOf(number - ((((number + 3) % 7) + 7) % 7));
}

/** The same number of days just before `from..to`: what a period's change is measured against. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = dayNumber(to)! - dayNumber(from)! + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The last `count` days up to and including `today`. */
export const lastDays = (today: string, count: number): { from: string; to: string } => ({
  from: addDays(today, -(count - 1)),
  to: today,
});
