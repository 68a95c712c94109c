// Row values as the drivers hand them back (bigint as text, timestamptz as Date or text) turned
// into the contract's JSON values.
import type { Hold, ProfileRef } from '../../../shared/contract/entities.js';
import { centsToUsd } from '../../../shared/rules/money.js';

export function isoOf(value: Date | string): string {
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
