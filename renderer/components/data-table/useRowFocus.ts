// Keyboard row focus: one tab stop among the rows, moved by the arrow keys; Enter/Space open a row.
import { Classes } from '@blueprintjs/core';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { nextFocusedRow } from './data-table-logic.js';

const NS = Classes.getClassNamespace();

export interface RowFocus<T> {
  /** The index of the row that is the tab stop (the first row when none is). */
  activeRow: number;
  /** A click, Enter or Space on a row: it becomes the tab stop and opens. */
  openRow(row: T): void;
  /** A row's keydown: Enter/Space open it, the arrows, Home/End, PageUp/PageDown move the stop. */
  onRowKey(event: KeyboardEvent<HTMLElement>, rowIndex: number): void;
  /** A row that takes DOM focus (a click, assistive technology) becomes the tab stop. */
  onRowFocus(row: T): void;
}

/**
 * `rows` are the page in view, `rowId(index)` the id of each row's focusable element, `box`
 * the fallback focus target; `selectedId` is the row whose drawer is open.
 */
export function useRowFocus<T extends { id: string }>(
  rows: readonly T[],
  rowId: (row: number) => string,
  box: RefObject<HTMLElement>,
  selectedId: string | undefined,
  onRowClick: ((row: T) => void) | undefined,
): RowFocus<T> {
  /** The roving tab stop, by row id so it stays on its row when live rows arrive. */
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const focusWanted = useRef(false);
  const activeIndex = rows.findIndex((row) => row.id === activeKey);
  const activeRow = activeIndex < 0 ? 0 : activeIndex;

  // The cells are the tab stops, not Table's container (a nameless focusable div).
  useEffect(() => {
    box.current?.querySelector(`.${NS}-table-container`)?.setAttribute('tabindex', '-1');
  }, []);

  const focusActiveRow = () => {
    const row = document.getElementById(rowId(activeRow));
    if (row) row.focus();
    else box.current?.focus();
  };

  // After an arrow key, DOM focus follows the tab stop.
  useLayoutEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    focusActiveRow();
  });

  // When the row's drawer closes, focus goes back to the cell that opened it (keyboard users
  // keep their place); the drawer unmounts, so Blueprint cannot restore it itself.
  const openedRow = useRef(selectedId);
  useEffect(() => {
    const closed = openedRow.current;
    openedRow.current = selectedId;
    if (!closed || selectedId) return;
    // focusActiveRow reads this render's tab stop; only the drawer closing runs this.
    focusActiveRow();
  }, [selectedId]);

  const openRow = (row: T) => {
    setActiveKey(row.id);
    onRowClick?.(row);
  };

  const onRowKey = (event: KeyboardEvent<HTMLElement>, rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row || event.target !== event.currentTarget) return;
    if ((event.key === 'Enter' || event.key === ' ') && onRowClick) {
      event.preventDefault();
      openRow(row);
      return;
    }
    const next = nextFocusedRow(rowIndex, event.key, rows.length);
    if (next === undefined) return;
    event.preventDefault();
    focusWanted.current = true;
    setActiveKey(rows[next]!.id);
  };

  const onRowFocus = (row: T) => {
    if (row.id !== activeKey) setActiveKey(row.id);
  };

  return { activeRow, openRow, onRowKey, onRowFocus };
}
