// The controls in a row's cells (a feature star, an Options menu, a delete button, a pick box),
// reached from the row with the arrow keys as the grid pattern asks, not only by tabbing through
// every row's controls: ArrowRight from the focused row enters its first control, ArrowRight and
// ArrowLeft walk them, ArrowLeft from the first or Escape go back to the row (nextControl).
// Blueprint's Table draws each cell with its row's class (`…-table-cell-row-N`), so the row's
// controls are found in the page by that class, the select column's box included.
// Table draws a row's cells anew when the row changes (a star pressed, a box picked): the control
// that had the focus is then gone, and the focus with it. The focus is put back on the control of
// the same name in the same row, so a keyboard user keeps their place.
import { Classes } from '@blueprintjs/core';
import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { nextControl } from './data-table-logic.js';

const NS = Classes.getClassNamespace();
const CONTROLS =
  'button, a[href], input[type=checkbox], input[type=radio], [role=switch], [role=button], [tabindex="0"]';
/** A wrapper that takes the focus around a control (a popover's target) is not a stop of its own. */
const holdsAnother = (element: HTMLElement) => element.querySelector(CONTROLS) !== null;
/** Controls that use the arrow keys themselves keep them. */
const KEEPS_ARROWS = 'input:not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable=true]';

/** The row's enabled controls, left to right. */
function controlsOfRow(box: HTMLElement, rowIndex: number): HTMLElement[] {
  const cells = box.querySelectorAll<HTMLElement>(`.${NS}-table-quadrant-main .${NS}-table-cell-row-${rowIndex}`);
  return [...cells]
    .flatMap((cell) => [...cell.querySelectorAll<HTMLElement>(CONTROLS)])
    .filter((control) => !control.matches(':disabled, [aria-disabled=true]') && control.getClientRects().length > 0)
    .filter((control) => !holdsAnother(control))
    .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
}

/** The index of the row a cell's control is in, from its cell's class. */
function rowIndexOf(control: HTMLElement): number | undefined {
  const cell = control.closest<HTMLElement>(`.${NS}-table-cell`);
  const match = cell?.className.match(new RegExp(`${NS}-table-cell-row-(\\d+)`));
  return match ? Number(match[1]) : undefined;
}

/** A control's name, to find it again once its cell is drawn anew. */
const nameOf = (control: HTMLElement) => control.getAttribute('aria-label') ?? control.textContent ?? '';

export function useCellControls(box: RefObject<HTMLElement>, rowId: (row: number) => string) {
  /** The control in the cells that has the focus (or had it when its cell was drawn anew). */
  const focused = useRef<{ row: number; name: string; element: HTMLElement } | null>(null);

  const onCellsFocus = (event: FocusEvent<HTMLElement>) => {
    const control = event.target as HTMLElement;
    const row = rowIndexOf(control);
    focused.current = row === undefined ? null : { row, name: nameOf(control), element: control };
  };
  /** The focus went somewhere (not nowhere, as when its control is taken out of the page). */
  const onCellsBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.relatedTarget) focused.current = null;
  };

  useLayoutEffect(() => {
    const was = focused.current;
    if (!was || was.element.isConnected || !box.current) return;
    if (document.activeElement && document.activeElement !== document.body) return void (focused.current = null);
    const again = controlsOfRow(box.current, was.row).find((control) => nameOf(control) === was.name);
    if (!again) return void (focused.current = null);
    focused.current = { ...was, element: again };
    again.focus();
  });

  /** A row's keydown: ArrowRight enters its controls. True when the key was used. */
  const enterControls = (event: KeyboardEvent<HTMLElement>, rowIndex: number): boolean => {
    if (!box.current) return false;
    const controls = controlsOfRow(box.current, rowIndex);
    const move = nextControl('row', event.key, controls.length);
    if (typeof move !== 'number') return false;
    event.preventDefault();
    controls[move]!.focus();
    return true;
  };

  /** A keydown from inside the cells: moves among the row's controls, or back to the row. */
  const onCellsKey = (event: KeyboardEvent<HTMLElement>) => {
    const control = event.target as HTMLElement;
    if (!box.current || control.matches(KEEPS_ARROWS) || event.altKey || event.ctrlKey || event.metaKey) return;
    const rowIndex = rowIndexOf(control);
    if (rowIndex === undefined) return;
    const controls = controlsOfRow(box.current, rowIndex);
    const at = controls.indexOf(control);
    if (at < 0) return;
    const move = nextControl(at, event.key, controls.length);
    if (move === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    if (move === 'row') document.getElementById(rowId(rowIndex))?.focus();
    else controls[move]!.focus();
  };

  return { enterControls, onCellsKey, onCellsFocus, onCellsBlur };
}
