// The fixed 250 px sidebar: entries, the Listings and Inbox groups, the
// colour-mode switch and Logout. Plain links and buttons, so Tab reaches every entry.
import { Button, Classes, Icon, type IconName, Switch } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useColorMode } from '../stores/color-mode-store.js';
import { ReviewQueueBadge } from '../screens/review/ReviewQueueBadge.js';
import { useSession } from '../stores/session-store.js';
import { chevronOf, DisclosureButton } from '../components/DisclosureButton.js';
import { mayDo, type UiAction } from '../../shared/contract/admin-permissions.js';
import { SavedViewLinks } from '../components/saved-views/SavedViewLinks.js';
import { reloadSavedViews } from '../components/saved-views/saved-views-store.js';

/** The sidebar's width; the screen beside it takes the rest. */
export const SIDEBAR_WIDTH_PX = 250;

interface Entry {
  label: string;
  icon: IconName;
  to: string;
  /** A live count drawn after the label. */
  Badge?: () => ReactNode;
  /** Shown only to roles that may do this (the permission table). */
  action?: UiAction;
}
interface Group {
  label: string;
  icon: IconName;
  base: string;
  children: Entry[];
}

export const SIDEBAR_ITEMS: (Entry | Group)[] = [
  { label: 'Dashboard', icon: 'dashboard', to: '/dashboard/home' },
  { label: 'Users', icon: 'people', to: '/dashboard/users', action: 'openUsers' },
  {
    label: 'Listings',
    icon: 'shop',
    base: '/dashboard/listings',
    children: [
      { label: 'Active listings', icon: 'tag', to: '/dashboard/listings/active', action: 'openActiveListings' },
      { label: 'Sold listings', icon: 'dollar', to: '/dashboard/listings/sold', action: 'openSoldListings' },
    ],
  },
  { label: 'Subcategories', icon: 'diagram-tree', to: '/dashboard/subcategory', action: 'openSubcategories' },
  { label: 'Auction messages', icon: 'take-action', to: '/dashboard/auctionMessages', action: 'openModeration' },
  {
    label: 'Inbox',
    icon: 'inbox',
    base: '/dashboard/inbox',
    children: [
      { label: 'Chats', icon: 'chat', to: '/dashboard/inbox/chats', action: 'openModeration' },
      { label: 'Messages', icon: 'comment', to: '/dashboard/inbox/messages', action: 'openModeration' },
    ],
  },
  { label: 'Ratings', icon: 'star', to: '/dashboard/ratings', action: 'openRatings' },
  { label: 'Review queue', icon: 'flag', to: '/dashboard/review', Badge: ReviewQueueBadge, action: 'openReviewQueue' },
  { label: 'Customer support', icon: 'headset', to: '/dashboard/customer-support', action: 'openReviewQueue' },
  { label: 'Blocks', icon: 'blocked-person', to: '/dashboard/blocks', action: 'openBlocks' },
  { label: 'Rules', icon: 'code', to: '/dashboard/rules', action: 'openRules' },
  { label: 'Settings', icon: 'cog', to: '/dashboard/settings' },
  { label: 'Audit log', icon: 'history', to: '/dashboard/audit', action: 'openAuditLog' },
  { label: 'Team', icon: 'key', to: '/dashboard/team', action: 'openTeam' },
];

function NavEntry({ entry, nested = false }: { entry: Entry; nested?: boolean }) {
  const role = useSession((s) => s.user?.adminRole ?? null);
  if (entry.action && !mayDo(role, entry.action)) return null;
  return (
    <li>
      <NavLink
        to={entry.to}
        className={({ isActive }) =>
          `sidebar-link${nested ? ' sidebar-link-nested' : ''}${isActive ? ` sidebar-link-active ${Classes.ACTIVE}` : ''}`
        }
      >
        <Icon icon={entry.icon} size={14} />
        <span>{entry.label}</span>
        {entry.Badge && <entry.Badge />}
      </NavLink>
      <SavedViewLinks route={entry.to} />
    </li>
  );
}

function NavGroup({ group }: { group: Group }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(pathname.startsWith(group.base));
  const role = useSession((s) => s.user?.adminRole ?? null);
  if (group.children.every((child) => child.action && !mayDo(role, child.action))) return null;
  const listId = `sidebar-group-${group.label.toLowerCase()}`;
  return (
    <li>
      <DisclosureButton
        open={open}
        onToggle={() => setOpen(!open)}
        controls={listId}
        className="sidebar-link sidebar-group"
      >
        <Icon icon={group.icon} size={14} />
        <span>{group.label}</span>
        <Icon className="sidebar-caret" icon={chevronOf(open)} size={12} />
      </DisclosureButton>
      {open && (
        <ul id={listId} className="sidebar-list">
          {group.children.map((child) => (
            <NavEntry key={child.to} entry={child} nested />
          ))}
        </ul>
      )}
    </li>
  );
}

export function Sidebar({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const mode = useColorMode((s) => s.mode);
  const toggle = useColorMode((s) => s.toggle);
  // The saved views listed under their tables: loaded once the signed-in sidebar shows.
  useEffect(() => void reloadSavedViews(), []);
  return (
    <aside className="sidebar" style={{ width: SIDEBAR_WIDTH_PX }}>
      <div className="sidebar-brand">
        <Icon icon="shop" size={18} />
        <span>Market Admin</span>
      </div>
      <nav aria-label="Main" className="sidebar-nav">
        <ul className="sidebar-list">
          {SIDEBAR_ITEMS.map((item) =>
            'children' in item ? <NavGroup key={item.label} group={item} /> : <NavEntry key={item.to} entry={item} />,
          )}
        </ul>
      </nav>
      <div className="sidebar-footer">
        <Switch checked={mode === 'dark'} label="Dark mode" onChange={toggle} className="sidebar-switch" />
        <Button icon="log-out" variant="minimal" fill alignText="start" loading={loggingOut} onClick={onLogout}>
          Logout
        </Button>
      </div>
    </aside>
  );
}
