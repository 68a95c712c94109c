// The saved views of one table, listed in the sidebar under that table's entry (shared ones marked).
import { Icon } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { useSavedViews, VIEW_ROUTES, viewRoute } from './saved-views-store.js';

export function SavedViewLinks({ route }: { route: string }) {
  const views = useSavedViews().filter((view) => VIEW_ROUTES[view.list] === route);
  if (views.length === 0) return null;
  return (
    <ul className="sidebar-list" aria-label="Saved views">
      {views.map((view) => (
        <li key={view.id}>
          <NavLink to={viewRoute(view)} className="sidebar-link sidebar-link-nested sidebar-view">
            <Icon icon={view.shared ? 'people' : 'bookmark'} size={12} />
            <span>{view.name}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
