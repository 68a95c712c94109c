// How the back-office writes dates, people and money in tables and drawers.
import { format } from 'date-fns';
import { formatUsd } from '../../shared/rules/money.js';

const counts = new Intl.NumberFormat('en-US');

/** '12,345': a count of rows, as the pager, exports and bulk actions say it. */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** '1 block', '3 blocks': a count with its noun in the number it takes. */
export function countOf(count: number, noun: { one: string; many: string }): string {
  return `${formatCount(count)} ${count === 1 ? noun.one : noun.many}`;
}

/** 'Nov 22, 2026, 4:45 PM': dense, unambiguous, local time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : format(date, 'MMM d, yyyy, h:mm a');
}

/** The amount in USD, or 'N/A' where a cell has none. */
export function moneyOrNA(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? 'N/A' : formatUsd(amount);
}

/** A text for a read-only row: 'No data' when empty (Users drawer). */
export function orNoData(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? 'No data' : String(value);
}

/** The first letters of a name for an avatar without a picture. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length === 0
    ? '?'
    : words
        .slice(0, 2)
        .map((w) => Array.from(w)[0]!.toUpperCase())
        .join('');
}
