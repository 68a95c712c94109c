// The keys of a record drawer's own actions: each button the drawer shows under one of these
// names gets its key (listed on `?`, offered in the command palette), and the key clicks it —
// so the drawer keeps its confirm dialogs and checks, and a button it does not show has no key.

export const DRAWER_ACTION_KEYS: readonly (readonly [label: string, key: string])[] = [
  ['Delete user', 'd'],
  ['Enable Seller', 's'],
  ['Disable Seller', 's'],
  ['Approve', 'a'],
  ['Reject', 'x'],
  ['Refund Order', 'r'],
  ['Cancel Order', 'c'],
  ['Edit Listing', 'e'],
];

/** The enabled button (or accordion toggle) named `label` inside `drawer`. */
export function drawerButton(drawer: ParentNode | null | undefined, label: string): HTMLElement | undefined {
  if (!drawer) return undefined;
  return Array.from(drawer.querySelectorAll<HTMLElement>('button, [role=button]')).find(
    (button) => button.textContent?.trim() === label && !(button as HTMLButtonElement).disabled,
  );
}

/** The labels of DRAWER_ACTION_KEYS that `drawer` shows now, with their keys. */
export function shownDrawerActions(drawer: ParentNode | null | undefined): (readonly [string, string])[] {
  return DRAWER_ACTION_KEYS.filter(([label]) => drawerButton(drawer, label) !== undefined);
}
