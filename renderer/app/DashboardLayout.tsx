// The /dashboard layout: sidebar beside the routed screen; without a signed-in admin it
// sends the user to the login route.
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { market } from '../bridge.js';
import { sessionStore, useSession } from '../stores/session-store.js';
import { Sidebar } from './Sidebar.js';
import { Workbench, WorkbenchHotkeys } from '../components/workbench/Workbench.js';
import { StepUpDialog } from '../components/step-up/index.js';
import { ServiceBanner } from '../components/service-state/index.js';

export function DashboardLayout() {
  const user = useSession((s) => s.user);
  const loading = useSession((s) => s.loading);
  const navigate = useNavigate();

  // The application menu and deep links route this window.
  useEffect(() => market.windows.onNavigate((route) => navigate(route)), [navigate]);

  if (!user) return <Navigate to="/auth/login" replace />;

  const logout = async () => {
    if (await sessionStore.getState().signOut()) navigate('/auth/login', { replace: true });
  };
  return (
    <WorkbenchHotkeys>
      <div className="dashboard">
        <Sidebar onLogout={() => void logout()} loggingOut={loading} />
        <main className="dashboard-main" id="main">
          <ServiceBanner />
          <Outlet />
        </main>
        <Workbench />
        <StepUpDialog />
      </div>
    </WorkbenchHotkeys>
  );
}
