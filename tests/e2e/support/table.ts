// The one page object for the admin tables (renderer/components/DataTable.tsx). Every spec
// finds rows, reads headers and cells and clicks sortable headers through here and never
// queries table internals itself, so a change of the table's DOM is fixed in this file alone.
// Implemented against the HTMLTable DOM: <table aria-label=…>, th[scope=col] with a sort
// <button>, tbody tr per row, td per cell.
import { expect, type Locator, type Page } from '@playwright/test';

export type SortState = 'ascending' | 'descending' | 'none';

export interface AdminTable {
  /** The table itself, e.g. for a screenshot or a visibility check. */
  readonly root: Locator;
  /** Every body row (the current page). */
  readonly rows: Locator;
  /** The body row holding `text` somewhere in its cells. */
  row(text: string | RegExp): Locator;
  /** Clicks the body row holding `text` (opens its drawer where the screen has one). */
  clickRow(text: string | RegExp): Promise<void>;
  /** Clicks the first body row. */
  clickFirstRow(): Promise<void>;
  /** The header labels, left to right. */
  columnLabels(): Promise<string[]>;
  /** Clicks a sortable header (one step of ascending → descending → cleared). */
  clickSort(columnLabel: string): Promise<void>;
  /** The header's current sort state. */
  sortState(columnLabel: string): Promise<SortState>;
  /** The text of one cell of the first row, by column label. */
  firstRowCell(columnLabel: string): Promise<string>;
  /** The texts of every cell of the first row. */
  firstRowCells(): Promise<string[]>;
  /** The text of one cell of the row holding `text`, by column label. */
  cellOf(text: string | RegExp, columnLabel: string): Promise<string>;
  /** The number of body rows on the current page. */
  rowCount(): Promise<number>;
  /** Waits until at least one body row shows. */
  waitForRows(): Promise<void>;
  /** A control (button, menu) inside the row holding `text`, by its accessible name. */
  buttonInRow(text: string | RegExp, name: string | RegExp): Locator;
  /** A control inside the first row, by its accessible name. */
  buttonInFirstRow(name: string | RegExp): Locator;
}

/** The admin table with this accessible name (DataTable's `label`, e.g. 'Users'). */
export function adminTable(page: Page, label: string): AdminTable {
  return htmlTable(page, label);
}

/**
 * A plain table outside DataTable, e.g. the order drawer's 'Transaction History' (an HTMLTable
 * whatever DataTable becomes): kept apart so a DataTable rewrite can leave it be.
 */
export function drawerTable(page: Page, label: string): AdminTable {
  return htmlTable(page, label);
}

function htmlTable(page: Page, label: string): AdminTable {
  const root = page.getByRole('table', { name: label, exact: true });
  const rows = root.locator('tbody tr');
  const headers = root.locator('thead th');

  const headerIndex = async (columnLabel: string): Promise<number> => {
    const labels = (await headers.allInnerTexts()).map((text) => text.trim());
    const index = labels.indexOf(columnLabel);
    if (index < 0) throw new Error(`No column '${columnLabel}' in table '${label}' (has: ${labels.join(', ')})`);
    return index;
  };
  const row = (text: string | RegExp) => rows.filter({ hasText: text }).first();

  return {
    root,
    rows,
    row,
    clickRow: async (text) => {
      // Click a cell, not the row's centre: the centre may be a cell's own control.
      await row(text).locator('td').first().click();
    },
    clickFirstRow: async () => {
      await rows.first().locator('td').first().click();
    },
    columnLabels: async () => (await headers.allInnerTexts()).map((text) => text.trim()),
    clickSort: async (columnLabel) => {
      await headers
        .nth(await headerIndex(columnLabel))
        .getByRole('button')
        .click();
    },
    sortState: async (columnLabel) =>
      ((await headers.nth(await headerIndex(columnLabel)).getAttribute('aria-sort')) ?? 'none') as SortState,
    firstRowCell: async (columnLabel) =>
      (
        await rows
          .first()
          .locator('td')
          .nth(await headerIndex(columnLabel))
          .innerText()
      ).trim(),
    firstRowCells: async () => (await rows.first().locator('td').allInnerTexts()).map((text) => text.trim()),
    cellOf: async (text, columnLabel) =>
      (
        await row(text)
          .locator('td')
          .nth(await headerIndex(columnLabel))
          .innerText()
      ).trim(),
    rowCount: () => rows.count(),
    waitForRows: async () => {
      await expect(rows.first()).toBeVisible();
    },
    buttonInRow: (text, name) => row(text).getByRole('button', { name }),
    buttonInFirstRow: (name) => rows.first().getByRole('button', { name }),
  };
}
