// CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted,
// quotes doubled, lines end in CRLF. A text field that starts like a formula is prefixed with a
// quote mark, so a user-written title such as '=HYPERLINK(…)' opens as text, not as a formula.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Dollars with two decimals, as a spreadsheet sums them: 12.5 → '12.50'; none → ''. */
export function csvDollars(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : amount.toFixed(2);
}
