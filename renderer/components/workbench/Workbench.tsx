// The workbench's keyboard, mounted once in the dashboard: Ctrl+K / Cmd+K the command palette,
// `?` the shortcuts list (Blueprint's HotkeysProvider draws it from what is registered here),
// `/` the table's search, j/k the rows (or what a screen that takes them over walks: the review
// queue's cases), and the open drawer's action keys.
import { HotkeysProvider, useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { CommandPalette } from './CommandPalette.js';
import { ConnectionBanner } from './ConnectionBanner.js';
import { useRecordActions } from './record-actions-store.js';
import { rowKeysStore, useRowKeysOwner } from './row-keys-store.js';

/** Sends a row the arrow key the table's grid already answers (useRowFocus), or focuses the first row. */
function moveRow(key: 'ArrowDown' | 'ArrowUp') {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.matches('[role=row][data-row-key]')) {
    active.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    return;
  }
  document.querySelector<HTMLElement>('main [role=row][data-row-key][tabindex="0"]')?.focus();
}

function WorkbenchKeys() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const { actions } = useRecordActions();
  // A screen that walks its own records with j/k (the review queue) answers them instead of the rows.
  const rowKeysOwner = useRowKeysOwner();
  const hotkeys = useMemo<HotkeyConfig[]>(
    () => [
      {
        combo: 'mod+k',
        global: true,
        allowInInput: true,
        label: 'Open the command palette',
        group: 'Anywhere',
        preventDefault: true,
        onKeyDown: () => setPaletteOpen(true),
      },
      {
        combo: '/',
        global: true,
        label: "Search the screen's table",
        group: 'Tables',
        preventDefault: true,
        onKeyDown: () => document.querySelector<HTMLInputElement>('main .data-table-search input')?.focus(),
      },
      {
        combo: 'j',
        global: true,
        label: rowKeysOwner?.nextLabel ?? 'Next row (or ↓)',
        group: 'Tables',
        onKeyDown: () => {
          const owner = rowKeysStore.getState().owner;
          if (owner) owner.next();
          else moveRow('ArrowDown');
        },
      },
      {
        combo: 'k',
        global: true,
        label: rowKeysOwner?.previousLabel ?? 'Previous row (or ↑)',
        group: 'Tables',
        onKeyDown: () => {
          const owner = rowKeysStore.getState().owner;
          if (owner) owner.previous();
          else moveRow('ArrowUp');
        },
      },
      // Enter and Esc are answered by the row and the drawer themselves; listed so they are found.
      { combo: 'enter', global: true, label: "Open the focused row's drawer", group: 'Tables', onKeyDown: () => {} },
      { combo: 'esc', global: true, label: 'Close the drawer or dialog', group: 'Anywhere', onKeyDown: () => {} },
      ...actions.map((action): HotkeyConfig => ({
        combo: action.key,
        global: true,
        label: action.label,
        group: 'Open record',
        onKeyDown: () => action.run(),
      })),
    ],
    [actions, rowKeysOwner],
  );
  // Every key is global: Blueprint listens on the document, so no handlers need attaching here.
  useHotkeys(hotkeys);
  return (
    <>
      <ConnectionBanner />
      <CommandPalette isOpen={paletteOpen} onClose={() => setPaletteOpen(false)} />
    </>
  );
}

/**
 * The app's one HotkeysProvider, around the whole dashboard: Blueprint's Table registers its own
 * keys (copy, focused cell) through useHotkeys too, and outside a provider it warns on every table.
 */
export function WorkbenchHotkeys({ children }: { children: ReactNode }) {
  return <HotkeysProvider>{children}</HotkeysProvider>;
}

export function Workbench() {
  return <WorkbenchKeys />;
}
