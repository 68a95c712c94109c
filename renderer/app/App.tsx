// The back-office app: its routes in a hash router, so `/#/auth/login` works both
// from the browser host and from Electron's file:// load.
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, type ReactElement } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { hasMarket, market } from '../bridge.js';
import { colorModeStore, useColorMode } from '../stores/color-mode-store.js';
import { sessionStore, useSession } from '../stores/session-store.js';
import { LoginScreen } from '../screens/login/LoginScreen.js';
import { DashboardHome } from '../screens/home/DashboardHome.js';
import { UsersScreen } from '../screens/users/UsersScreen.js';
import { ActiveListingsScreen } from '../screens/listings/ActiveListingsScreen.js';
import { SoldListingsScreen } from '../screens/sold/SoldListingsScreen.js';
import { SubcategoriesScreen } from '../screens/subcategories/SubcategoriesScreen.js';
import { RatingsScreen } from '../screens/ratings/RatingsScreen.js';
import { AuctionMessagesScreen } from '../screens/moderation/AuctionMessagesScreen.js';
import { ChatsScreen } from '../screens/moderation/ChatsScreen.js';
import { ChatMessagesScreen } from '../screens/moderation/ChatMessagesScreen.js';
import { ReviewQueueScreen, SupportQueueScreen } from '../screens/review/ReviewQueueScreen.js';
import { AuditLogScreen } from '../screens/accountability/AuditLogScreen.js';
import { SettingsScreen } from '../screens/settings/SettingsScreen.js';
import { TeamScreen } from '../screens/team/TeamScreen.js';
import { BlocksScreen } from '../screens/blocks/BlocksScreen.js';
import { RulesScreen } from '../screens/rules/RulesScreen.js';
import { DashboardLayout } from './DashboardLayout.js';
import { Placeholder, type PlaceholderLink } from './Placeholder.js';

/** The Listings group's own page: its two screens, so the page explains itself. */
const LISTINGS_LINKS: PlaceholderLink[] = [
  {
    label: 'Active listings',
    to: '/dashboard/listings/active',
    icon: 'tag',
    action: 'openActiveListings',
    about: 'Listings on the market now: edit, feature, hold or delete them, and see their bids.',
  },
  {
    label: 'Sold listings',
    to: '/dashboard/listings/sold',
    icon: 'dollar',
    action: 'openSoldListings',
    about: 'Orders: shipping, transactions, refunds, cancellations and the seller payout.',
  },
];
import { RoleGate } from './RoleGate.js';
import type { UiAction } from '../../shared/contract/admin-permissions.js';
import './app.css';
import './data-table.css';
import './home-and-drawers.css';
import './accountability.css';

function useColorModeClass() {
  const mode = useColorMode((s) => s.mode);
  useEffect(() => {
    // On <html> so drawers, dialogs and toasts (portals) follow the theme too.
    document.documentElement.classList.toggle('bp6-dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  useEffect(() => {
    if (!hasMarket()) return;
    return market.windows.onColorMode((next) => colorModeStore.getState().setMode(next));
  }, []);
}

/** A screen only the roles that may `action` open; the others are told so. */
const gated = (action: UiAction, screen: string, element: ReactElement) => (
  <RoleGate action={action} screen={screen}>
    {element}
  </RoleGate>
);

function LoginRoute() {
  const user = useSession((s) => s.user);
  return user ? <Navigate to="/dashboard/home" replace /> : <LoginScreen />;
}

export function App() {
  useColorModeClass();
  const restored = useSession((s) => s.restored);
  useEffect(() => {
    if (hasMarket()) void sessionStore.getState().restore();
  }, []);

  if (!hasMarket()) {
    return (
      <main className="app-fullpage">
        <NonIdealState
          icon="offline"
          title="Market Admin"
          description="The back-office needs its desktop host (window.market is not available)."
        />
      </main>
    );
  }
  if (!restored) {
    return (
      <main className="app-fullpage">
        <Spinner aria-label="Loading" />
      </main>
    );
  }
  return (
    <HashRouter>
      <Routes>
        <Route path="/" element={<Navigate to="/dashboard/home" replace />} />
        <Route path="/auth/login" element={<LoginRoute />} />
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<Navigate to="/dashboard/home" replace />} />
          <Route path="home" element={<DashboardHome />} />
          <Route path="users/:id?" element={gated('openUsers', 'Users', <UsersScreen />)} />
          <Route path="listings">
            <Route index element={<Placeholder text="Listings" links={LISTINGS_LINKS} />} />
            <Route
              path="active/:id?"
              element={gated('openActiveListings', 'Active listings', <ActiveListingsScreen />)}
            />
            <Route path="sold/:id?" element={gated('openSoldListings', 'Sold listings', <SoldListingsScreen />)} />
          </Route>
          <Route
            path="customer-support"
            element={gated('openReviewQueue', 'Customer support', <SupportQueueScreen />)}
          />
          <Route
            path="customer-support/:caseId"
            element={gated('openReviewQueue', 'Customer support', <SupportQueueScreen />)}
          />
          <Route path="review" element={gated('openReviewQueue', 'Review queue', <ReviewQueueScreen />)} />
          <Route path="review/:caseId" element={gated('openReviewQueue', 'Review queue', <ReviewQueueScreen />)} />
          <Route path="settings" element={<SettingsScreen />} />
          <Route path="subcategory" element={gated('openSubcategories', 'Subcategories', <SubcategoriesScreen />)} />
          <Route path="ratings" element={gated('openRatings', 'Ratings', <RatingsScreen />)} />
          <Route
            path="auctionMessages"
            element={gated('openModeration', 'Auction messages', <AuctionMessagesScreen />)}
          />
          <Route path="inbox">
            <Route index element={<Navigate to="/dashboard/inbox/chats" replace />} />
            <Route path="chats" element={gated('openModeration', 'Chats', <ChatsScreen />)} />
            <Route path="messages" element={gated('openModeration', 'Messages', <ChatMessagesScreen />)} />
          </Route>
          <Route path="audit" element={gated('openAuditLog', 'Audit log', <AuditLogScreen />)} />
          <Route path="team" element={gated('openTeam', 'Team', <TeamScreen />)} />
          <Route path="blocks" element={gated('openBlocks', 'Blocks', <BlocksScreen />)} />
          <Route path="rules" element={gated('openRules', 'Rules', <RulesScreen />)} />
          <Route path="rules/:ruleId" element={gated('openRules', 'Rules', <RulesScreen />)} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </HashRouter>
  );
}
