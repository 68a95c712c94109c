// Dates in query strings the contract calls "ISO dates": a UTC day (`YYYY-MM-DD`) or a full ISO
// 8601 date-time with an offset. One schema for every such query (the market's and the review
// queue's metrics), so a client that sends `2026-12-04` to one may send it to the other.
import { z } from 'zod';
import { dayNumber, utcDay } from '../rules/market-days.js';
import { isoDate } from './entities.js';

const isDay = (value: string) => dayNumber(value) !== null;

export const queryDate = z
  .string()
  .max(64)
  .refine((value) => isDay(value) || isoDate.safeParse(value).success, {
    message: 'must be an ISO date: YYYY-MM-DD or a date-time with an offset',
  })
  .describe('an ISO date: a UTC day (YYYY-MM-DD) or a date-time with an offset');

/** The UTC day a query date names (a date-time: the day it falls on in UTC). */
export const utcDayOfQueryDate = (value: string): string => (isDay(value) ? value : utcDay(Date.parse(value)));

/** The first instant a query date names: a day's midnight UTC, a date-time itself (ISO, UTC). */
export const startOfQueryDate = (value: string): string =>
  isDay(value) ? `${value}T00:00:00.000Z` : new Date(value).toISOString();

/** The last instant a query date names: a day's last millisecond UTC, a date-time itself (ISO, UTC). */
export const endOfQueryDate = (value: string): string =>
  isDay(value) ? `${value}T23:59:59.999Z` : new Date(value).toISOString();
