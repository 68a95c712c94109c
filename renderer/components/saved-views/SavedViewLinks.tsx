// The saved views of one table, listed in the sidebar under that table's entry (shared ones marked).
// The admin who saved a view renames it (its context menu or its pencil button) or deletes it (its
// context menu or its trash button, after a confirm) here; a view another admin shared is theirs
// to change, so it offers neither.
import { Button, ContextMenu, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import type { SavedView } from '../../../shared/contract/review-team.js';
import { market } from '../../bridge.js';
import { useSession } from '../../stores/session-store.js';
import { useConfirmedAction, wentThrough } from '../admin-action/index.js';
import { RenameViewDialog } from './RenameViewDialog.js';
import { reloadSavedViews, useSavedViews, VIEW_ROUTES, viewRoute } from './saved-views-store.js';

export function SavedViewLinks({ route }: { route: string }) {
  const me = useSession((s) => s.user?.uid);
  const navigate = useNavigate();
  const views = useSavedViews().filter((view) => VIEW_ROUTES[view.list] === route);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const remove = useConfirmedAction<SavedView>(
    {
      title: 'Delete view?',
      body: 'The view leaves the sidebar and the command palette, for everyone it was shared with. The table itself does not change.',
      cancelText: 'Cancel',
      confirmText: 'Delete view',
    },
    async (action, view) => {
      const deleted = await action.run(() => wentThrough(market.admin.views.delete({ params: { id: view.id } })), {
        success: 'View deleted',
        failure: 'Failed to delete the view',
      });
      if (deleted) await reloadSavedViews();
    },
  );
  if (views.length === 0) return null;
  return (
    <>
      <ul className="sidebar-list" aria-label="Saved views">
        {views.map((view) => {
          const mine = view.owner.uid === me;
          return (
            <li key={view.id} className="sidebar-view-item">
              <ContextMenu
                content={
                  <Menu aria-label={`View ${view.name}`}>
                    <MenuItem icon="document-open" text="Open" onClick={() => void navigate(viewRoute(view))} />
                    {mine ? (
                      <>
                        <MenuItem icon="edit" text="Rename view…" onClick={() => setRenaming(view)} />
                        <MenuItem icon="trash" intent="danger" text="Delete view…" onClick={() => remove.ask(view)} />
                      </>
                    ) : (
                      <MenuItem disabled icon="people" text={`Shared by ${view.owner.email ?? 'another admin'}`} />
                    )}
                  </Menu>
                }
              >
                <NavLink to={viewRoute(view)} className="sidebar-link sidebar-link-nested sidebar-view">
                  <Icon icon={view.shared ? 'people' : 'bookmark'} size={12} />
                  <span>{view.name}</span>
                </NavLink>
              </ContextMenu>
              {mine && (
                <span className="sidebar-view-actions">
                  <Button
                    size="small"
                    variant="minimal"
                    icon="edit"
                    aria-label={`Rename view ${view.name}`}
                    onClick={() => setRenaming(view)}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="trash"
                    aria-label={`Delete view ${view.name}`}
                    onClick={() => remove.ask(view)}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {remove.dialog}
      <RenameViewDialog view={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
