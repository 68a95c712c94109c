// Row values as the drivers hand them back (bigint as text, timestamptz as Date or text) turned
// into the contract's JSON values.
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
