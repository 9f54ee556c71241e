import { lazy, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { UserBadge } from '../features/auth/UserBadge';
import { GatewayEvents } from '../features/gateways/GatewayEvents';
import { GatewayScope } from '../features/gateways/GatewayScope';
import { GatewayOutlet } from '../features/gateways/GatewayWaiting';
import { HeaderGatewayName } from '../features/gateways/HeaderGatewayName';
import { LiveNotifications } from '../features/notifications/NotificationsFeed';
import { QueryProvider } from './QueryProvider';
import { Shell } from './Shell';
import { loading, screenRoutes, toRoot } from './screens';

const GatewaySelectorPage = lazy(() => import('../features/gateways/GatewaySelectorPage'));
const UsersPage = lazy(() => import('../features/accounts/UsersPage'));
const AuditPage = lazy(() => import('../features/accounts/AuditPage'));

/** The header of cloud mode: the chosen gateway (when there is one) and the signed-in user. */
function CloudShell({ children }: { children: ReactNode }) {
  return (
    <Shell gatewayName={<HeaderGatewayName />} status={<UserBadge />}>
      {children}
    </Shell>
  );
}

/** Cloud mode root, once signed in (App shows the login form before): the live listeners and the screen. */
function CloudRoot() {
  return (
    <>
      <GatewayEvents />
      <LiveNotifications />
      <Outlet />
    </>
  );
}

/** The routed console in cloud mode (spec section 2, browser history); no gateway-mode-only code. */
export default function CloudConsole({ basename }: { basename: string }) {
  return (
    <QueryProvider>
      <BrowserRouter basename={basename}>
        <Routes>
          <Route element={<CloudRoot />}>
            <Route index element={<Navigate to="/gateways" replace />} />
            <Route
              path="gateways"
              element={
                <CloudShell>
                  <Outlet />
                </CloudShell>
              }
            >
              <Route index element={loading(<GatewaySelectorPage />)} />
            </Route>
            <Route
              element={
                <CloudShell>
                  <Outlet />
                </CloudShell>
              }
            >
              <Route path="admin/users" element={loading(<UsersPage />)} />
              <Route path="audit" element={loading(<AuditPage />)} />
            </Route>
            <Route
              path=":gateway"
              element={
                <GatewayScope>
                  <CloudShell>
                    <GatewayOutlet />
                  </CloudShell>
                </GatewayScope>
              }
            >
              <Route index element={<Navigate to="overview" replace />} />
              {screenRoutes()}
              {toRoot}
            </Route>
            {toRoot}
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryProvider>
  );
}
