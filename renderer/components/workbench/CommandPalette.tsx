// The command palette (Ctrl+K / Cmd+K): go to any screen, find users, listings and orders across
// the whole market by name, email, title or id (one admin search), run the open record's actions.
import { Menu, MenuItem } from '@blueprintjs/core';
import { Omnibar, renderFilteredItems, type ItemListRenderer, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '../search-debounce.js';
import { market } from '../../bridge.js';
import { matchingScreens, searchItems, type PaletteItem } from './palette-items.js';
import { useRecordActions } from './record-actions-store.js';
import { useSavedViews, viewRoute } from '../saved-views/saved-views-store.js';

const ICONS = { screen: 'arrow-right', user: 'person', listing: 'tag', order: 'dollar', action: 'flash' } as const;
/** Quicker than the tables' search: the palette answers while the admin types. */
const PALETTE_DEBOUNCE_MS = Math.min(250, SEARCH_DEBOUNCE_MS);

export function CommandPalette({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PaletteItem[]>([]);
  const [searching, setSearching] = useState(false);
  const { title, actions } = useRecordActions();
  const views = useSavedViews();

  useEffect(() => {
    const term = query.trim();
    if (term.length < 2) {
      setFound([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setSearching(true);
      void market.admin.search.market({ query: { q: term } }).then((result) => {
        if (!current) return;
        setSearching(false);
        setFound(result.ok ? searchItems(result.data) : []);
      });
    }, PALETTE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  useEffect(() => {
    if (!isOpen) setQuery('');
  }, [isOpen]);

  const words = query.trim().toLowerCase();
  const actionItems: PaletteItem[] = actions
    .filter((action) => action.label.toLowerCase().includes(words))
    .map((action) => ({ kind: 'action', id: `action:${action.id}`, label: action.label, key: action.key }));
  const viewItems: PaletteItem[] = views
    .filter((view) => `view ${view.name}`.toLowerCase().includes(words))
    .map((view) => ({
      kind: 'screen',
      id: `view:${view.id}`,
      label: `Open view: ${view.name}`,
      route: viewRoute(view),
    }));
  const items = [...actionItems, ...viewItems, ...matchingScreens(query), ...found];

  const renderItem: ItemRenderer<PaletteItem> = (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={item.id}
        ref={ref}
        active={modifiers.active}
        icon={ICONS[item.kind]}
        text={item.kind === 'action' && title ? `${item.label} (${title})` : item.label}
        label={item.kind === 'action' ? item.key.toUpperCase() : 'detail' in item ? item.detail : undefined}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    );
  };

  const noResults = <MenuItem disabled text={searching ? 'Searching…' : 'Nothing found'} roleStructure="listoption" />;
  // Omnibar names its list a menu, but its items are options (roleStructure="listoption", as the
  // pickers' are): a listbox, so assistive tech and axe find the options in the list they belong to.
  const renderList: ItemListRenderer<PaletteItem> = (listProps) => (
    <Menu {...listProps.menuProps} role="listbox" aria-label="Results" ulRef={listProps.itemsParentRef}>
      {renderFilteredItems(listProps, noResults)}
    </Menu>
  );

  const select = (item: PaletteItem) => {
    onClose();
    if (item.kind === 'action') actions.find((action) => `action:${action.id}` === item.id)?.run();
    else navigate(item.route);
  };

  return (
    <Omnibar<PaletteItem>
      isOpen={isOpen}
      onClose={onClose}
      items={items}
      query={query}
      onQueryChange={setQuery}
      itemRenderer={renderItem}
      itemListPredicate={(_query, all) => all}
      itemsEqual={(a, b) => a.id === b.id}
      onItemSelect={select}
      resetOnSelect
      inputProps={{ placeholder: 'Go to a screen, find a user, listing or order…', 'aria-label': 'Command palette' }}
      itemListRenderer={renderList}
      overlayProps={{ className: 'command-palette' }}
    />
  );
}
