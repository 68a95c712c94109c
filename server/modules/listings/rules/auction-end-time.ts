// When a seller may make an auction end: the bounds on setting an end time and on extending a
// running auction (`/listing/end-time/{id}`, `/listing/{id}/increment-time`).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A set end time is at least an hour away: bidders need time to find the auction. */
export const MIN_AUCTION_DURATION_MS = HOUR;
/** …and at most 14 days away (twice the 7-day default), so an auction cannot be parked. */
export const MAX_AUCTION_DURATION_MS = 14 * DAY;
/** One extension adds 1 minute to 24 hours. */
export const MIN_END_TIME_INCREMENT_MS = MINUTE;
export const MAX_END_TIME_INCREMENT_MS = DAY;

export type EndTimeDecision = { ok: true; endTime: number } | { ok: false; message: string };

const days = (ms: number) => `${ms / DAY} days`;

/** An end time chosen outright (a draft, or an auction nobody has bid on yet). */
export function chosenEndTime(endTime: number, now: number): EndTimeDecision {
  if (endTime <= now) return { ok: false, message: 'endTime must be in the future' };
  if (endTime < now + MIN_AUCTION_DURATION_MS) {
    return { ok: false, message: 'endTime must be at least 1 hour from now' };
  }
  if (endTime > now + MAX_AUCTION_DURATION_MS) {
    return { ok: false, message: `endTime must be at most ${days(MAX_AUCTION_DURATION_MS)} from now` };
  }
  return { ok: true, endTime };
}

/** A running auction's end time pushed back by `incrementMs`. */
export function extendedEndTime(currentEndTime: number, incrementMs: number, now: number): EndTimeDecision {
  if (currentEndTime <= now) return { ok: false, message: 'This auction has already ended' };
  if (incrementMs < MIN_END_TIME_INCREMENT_MS || incrementMs > MAX_END_TIME_INCREMENT_MS) {
    return { ok: false, message: 'An extension must be between 1 minute and 24 hours' };
  }
  const endTime = currentEndTime + incrementMs;
  if (endTime > now + MAX_AUCTION_DURATION_MS) {
    return { ok: false, message: `An auction cannot end more than ${days(MAX_AUCTION_DURATION_MS)} from now` };
  }
  return { ok: true, endTime };
}
