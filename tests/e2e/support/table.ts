// The one page object for the admin tables (renderer/components/data-table/DataTable.tsx). Every spec
// finds rows, reads headers and cells and clicks sortable headers through here and never
// queries table internals itself, so a change of the table's DOM is fixed in this file alone.
//
// The DOM it knows (Blueprint's Table, with DataTable's own ARIA): a role=grid named by the
// table's label holds one role=row per body row (after the header row); a row has no cells as
// DOM children but claims them with aria-owns — Table draws every cell as a separate, absolutely
// placed div. Cells are role=gridcell, headers role=columnheader (with aria-sort on sortable
// ones, whose label is a button). Rows lie transparently over their cells, so a click goes to
// a cell and a row is focused by the keyboard. The dashboard's small tables (and the drawers'
// detail tables) are plain HTML tables: `plainTable` (alias `drawerTable`).
import { expect, selectors, type Locator, type Page } from '@playwright/test';

export type SortState = 'ascending' | 'descending' | 'none';

export interface AdminTable {
  /** The grid itself (role=grid, named by the table's label). */
  readonly root: Locator;
  /** The table's box of the given height (75 × (rows + 1) px). */
  readonly box: Locator;
  /** Every body row (the current page), as assistive technology sees them. */
  readonly rows: Locator;
  /** The header cells, left to right (for `toHaveText([...])`). */
  readonly headers: Locator;
  /** The body row holding `text` somewhere in its cells (its accessible name). */
  row(text: string | RegExp): Locator;
  /** The cells of the body row holding `text`, left to right. */
  cellsOf(text: string | RegExp): Locator;
  /** The cells of the nth body row (0-based) as it stands when the assertion runs. */
  cellsAt(index: number): Locator;
  /** Clicks the body row holding `text` (opens its drawer where the screen has one). */
  clickRow(text: string | RegExp): Promise<void>;
  /** Clicks the first body row. */
  clickFirstRow(): Promise<void>;
  /** Moves keyboard focus to the body row holding `text`. */
  focusRow(text: string | RegExp): Promise<void>;
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
  /** One cell of the row holding `text`, by column label (for retrying assertions). */
  cell(text: string | RegExp, columnLabel: string): Promise<Locator>;
  /** The texts of one column, top to bottom, on the current page. */
  columnTexts(columnLabel: string): Promise<string[]>;
  /** The number of body rows on the current page. */
  rowCount(): Promise<number>;
  /** Waits until at least one body row shows. */
  waitForRows(): Promise<void>;
  /** A control (button, menu) inside the row holding `text`, by its accessible name. */
  buttonInRow(text: string | RegExp, name: string | RegExp): Locator;
  /** A control inside the first row, by its accessible name. */
  buttonInFirstRow(name: string | RegExp): Locator;
  /** Clicks a control inside the first row whose cells hold `text` (see `clickControl`). */
  clickButtonInRow(text: string | RegExp, name: string | RegExp): Promise<void>;
  /** Clicks a control inside the first row. */
  clickButtonInFirstRow(name: string | RegExp): Promise<void>;
  /** The footer's range label, e.g. 'Rows 11–20 of 301' ('No rows' when empty). */
  readonly rangeLabel: Locator;
  /** The footer's Previous and Next page buttons. */
  readonly previousButton: Locator;
  readonly nextButton: Locator;
  /** The toolbar's button that brings held-back live rows into view ('3 new'). */
  readonly newRowsButton: Locator;
  /** Scrolls the screen down to the table's footer, as a moderator reading the last rows does. */
  scrollToFooter(): Promise<void>;
}

/**
 * `admin_table_row=` selects, inside a table, the first body row whose cells hold a text
 * (Playwright's hasText rules: a string matches case-insensitively, whitespace normalized)
 * and returns that row (`part: 'row'`) or its cells, which are not its DOM children.
 */
const ROW_ENGINE = 'admin_table_row';
function createRowEngine() {
  type Query = { part: 'row' | 'cells'; text?: string; source?: string; flags?: string };
  const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();
  const find = (root: Element | Document, body: string): Element[] => {
    const query = JSON.parse(body) as Query;
    const matches =
      query.source !== undefined
        ? (text: string) => new RegExp(query.source!, query.flags).test(text)
        : (text: string) => text.toLowerCase().includes(normalize(query.text!).toLowerCase());
    const doc = root instanceof Document ? root : root.ownerDocument;
    for (const row of Array.from(root.querySelectorAll('[role=row][data-row-key][aria-owns]'))) {
      const cells = (row.getAttribute('aria-owns') ?? '')
        .split(/\s+/)
        .map((id) => doc.getElementById(id))
        .filter((cell): cell is HTMLElement => cell !== null);
      if (matches(normalize(cells.map((cell) => cell.textContent ?? '').join(' '))))
        return query.part === 'row' ? [row] : cells;
    }
    return [];
  };
  return {
    query: (root: Element | Document, body: string) => find(root, body)[0] ?? null,
    queryAll: find,
  };
}
const engineRegistered = selectors.register(ROW_ENGINE, createRowEngine).catch((error: unknown) => {
  // One registration per worker; a second import of this module must not fail the run.
  if (!String(error).includes('already registered')) throw error;
});

function rowSelector(part: 'row' | 'cells', text: string | RegExp): string {
  const query = typeof text === 'string' ? { part, text } : { part, source: text.source, flags: text.flags };
  return `${ROW_ENGINE}=${JSON.stringify(query)}`;
}

/** The admin table with this accessible name (DataTable's `label`, e.g. 'Users'). */
export function adminTable(page: Page, label: string): AdminTable {
  const root = page.getByRole('grid', { name: label, exact: true });
  // Headers and cells live in Blueprint's Table beside the grid element, inside the same box.
  const component = page.locator('.data-table').filter({ has: root });
  const box = component.locator('.data-table-scroll');
  const rows = root.locator('[role=row][data-row-key]');
  const headers = component.getByRole('columnheader');
  const headerIndex = async (columnLabel: string): Promise<number> => {
    const labels = (await headers.allInnerTexts()).map((text) => text.trim());
    const index = labels.indexOf(columnLabel);
    if (index < 0) throw new Error(`No column '${columnLabel}' in table '${label}' (has: ${labels.join(', ')})`);
    return index;
  };
  const row = (text: string | RegExp) => root.locator(rowSelector('row', text));
  const cellsOf = (text: string | RegExp) => component.locator(rowSelector('cells', text));
  const cellsAt = (index: number) => component.locator(`[role=gridcell][data-row-index="${index}"]`);

  /** A cell's left top corner: inside the cell, never on a control centred in it. */
  const clickCell = (cell: Locator) => cell.click({ position: { x: 4, y: 4 } });
  // The Options column may sit past the table's right edge. Table redraws its cells after it
  // scrolls, so a click aimed while the scroll is still being drawn can land on the cell beneath
  // (opening the row's drawer instead of the menu): scroll first, wait until it is in view, click.
  const clickControl = async (control: Locator) => {
    await control.scrollIntoViewIfNeeded();
    // Blueprint's table re-renders its quadrants on the frame after a scroll: a click before that
    // can land on the row's cell where the control was drawn and open the row's drawer instead.
    await control.evaluate(
      () => new Promise<void>((settled) => requestAnimationFrame(() => requestAnimationFrame(() => settled()))),
    );
    await expect(control).toBeInViewport();
    await control.click();
  };

  const footer = component.locator('.data-table-footer');
  const toolbar = component.locator('.data-table-toolbar');

  const cellLocator = async (rowCells: Locator, columnLabel: string) => rowCells.nth(await headerIndex(columnLabel));

  return {
    root,
    box,
    rows,
    headers,
    row,
    cellsOf,
    cellsAt,
    clickRow: async (text) => {
      await engineRegistered;
      await clickCell(cellsOf(text).first());
    },
    clickFirstRow: async () => {
      await clickCell(cellsAt(0).first());
    },
    focusRow: async (text) => {
      await engineRegistered;
      await row(text).focus();
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
    firstRowCell: async (columnLabel) => (await (await cellLocator(cellsAt(0), columnLabel)).innerText()).trim(),
    firstRowCells: async () => (await cellsAt(0).allInnerTexts()).map((text) => text.trim()),
    cellOf: async (text, columnLabel) => {
      await engineRegistered;
      return (await (await cellLocator(cellsOf(text), columnLabel)).innerText()).trim();
    },
    cell: async (text, columnLabel) => {
      await engineRegistered;
      return cellLocator(cellsOf(text), columnLabel);
    },
    columnTexts: async (columnLabel) => {
      const col = (await headerIndex(columnLabel)) + 1;
      return component.locator(`[role=gridcell][aria-colindex="${col}"]`).evaluateAll((cells) =>
        cells
          .map((cell) => ({ row: Number(cell.getAttribute('data-row-index')), text: (cell as HTMLElement).innerText }))
          .sort((a, b) => a.row - b.row)
          .map((cell) => cell.text.trim()),
      );
    },
    rowCount: () => rows.count(),
    waitForRows: async () => {
      await expect(rows.first()).toBeVisible();
    },
    buttonInRow: (text, name) => cellsOf(text).getByRole('button', { name }),
    buttonInFirstRow: (name) => cellsAt(0).getByRole('button', { name }),
    clickButtonInRow: (text, name) => clickControl(cellsOf(text).getByRole('button', { name })),
    clickButtonInFirstRow: (name) => clickControl(cellsAt(0).getByRole('button', { name })),
    rangeLabel: footer.getByText(/^(Rows [\d,]+–[\d,]+ of [\d,]+\+?|No rows)$/),
    previousButton: footer.getByRole('button', { name: 'Previous', exact: true }),
    nextButton: footer.getByRole('button', { name: 'Next', exact: true }),
    newRowsButton: toolbar.getByRole('button', { name: /^\d+ new$/ }),
    // The footer sticks to the window's bottom (always in view): scroll the table's box end into
    // view instead, as a moderator reading rows 9 and 10 does.
    scrollToFooter: () => box.evaluate((element) => element.scrollIntoView({ block: 'end' })),
  };
}

/** A plain HTML table: the dashboard's small tables, a drawer's 'Transaction History'. */
export interface PlainTable {
  readonly root: Locator;
  /** Every body row. */
  readonly rows: Locator;
  /** The header cells, left to right. */
  readonly headers: Locator;
  /** The body row holding `text` (a real row element: `toContainText` works on it). */
  row(text: string | RegExp): Locator;
  /** The text of one cell of the row holding `text`, by column label. */
  cellOf(text: string | RegExp, columnLabel: string): Promise<string>;
}

/** A plain HTML table by its accessible name, in the page or inside a drawer. */
export function plainTable(scope: Page | Locator, label: string): PlainTable {
  const root = scope.getByRole('table', { name: label, exact: true });
  const rows = root.locator('tbody tr');
  const headers = root.getByRole('columnheader');
  const row = (text: string | RegExp) => rows.filter({ hasText: text }).first();
  return {
    root,
    rows,
    headers,
    row,
    cellOf: async (text, columnLabel) => {
      const labels = (await headers.allInnerTexts()).map((t) => t.trim());
      const index = labels.indexOf(columnLabel);
      if (index < 0) throw new Error(`No column '${columnLabel}' in table '${label}' (has: ${labels.join(', ')})`);
      return (await row(text).locator('td').nth(index).innerText()).trim();
    },
  };
}

/** The order drawer's tables (a plain HTMLTable, whatever DataTable is drawn with). */
export const drawerTable = plainTable;
