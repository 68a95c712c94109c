// Row values as the drivers hand them back (bigint as text, timestamptz as Date or text) turned
// into the contract's JSON values.
import type { Hold, ProfileRef } from '../../../shared/contract/entities.js';
import { centsToUsd } from '../../../shared/rules/money.js';

/**
 * timestamptz as PostgreSQL writes it in a UTC session (`2026-12-05 05:35:00.123456+00`), the
 * text raw reads hand back. Read by `new Date`, such text goes through V8's slow fallback parser:
 * 200 dates a request were a tenth of the statistics' CPU time. Years before 1000 (and BC) are
 * left to `new Date`, which reads them its own way.
 */
const UTC_TIMESTAMP = /^([1-9]\d{3}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** The ISO 8601 text of a timestamp, milliseconds truncated as `Date` does. */
export function isoOf(value: Date | string): string {
  if (typeof value === 'string') {
    const utc = UTC_TIMESTAMP.exec(value);
    if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoOf(value);
}

export function usdOf(cents: number | string): number {
  return centsToUsd(Number(cents));
}

export function usdOrNull(cents: number | string | null): number | null {
  return cents === null ? null : usdOf(cents);
}

/** A listing's endTime: epoch milliseconds as a string, as the buyer/seller apps expect it. */
export function epochMsText(value: Date | string | null): string | null {
  return value === null ? null : String((value instanceof Date ? value : new Date(value)).getTime());
}

/** A user's `{id, userName, avatar}` from the columns of a joined users row. */
export function profileOf(id: string, userName: string | null, avatar: string | null): ProfileRef {
  return { id, userName, avatar };
}

/** A profile that may be missing (a deleted account, no blocked user): null when the join found none. */
export function optionalProfileOf(
  id: string | null,
  userName: string | null,
  avatar: string | null,
): ProfileRef | null {
  return id === null ? null : profileOf(id, userName, avatar);
}

/** An admin's hold (a listing's, an order payout's) from its four columns: null when not held. */
export function holdOf(
  since: Date | string | null,
  reason: string | null,
  adminUid: string | null,
  adminEmail: string | null,
): Hold | null {
  return since === null
    ? null
    : { reason: reason ?? '', since: isoOf(since), admin: { uid: adminUid ?? '', email: adminEmail ?? '' } };
}
