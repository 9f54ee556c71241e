import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { CloudStatusWidget } from '../features/cloud-link/CloudStatusWidget';
import { GatewayNameHeader } from '../features/gateway-name/GatewayNameHeader';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { GatewayLockWidget } from '../features/security/GatewayLockWidget';
import { GatewaySignInGate } from '../features/security/GatewaySignIn';
import { QueryProvider } from './QueryProvider';
import { Shell } from './Shell';
import { screenRoutes, toRoot } from './screens';

/** Gateway mode root: no login; the gateway's notifications, live and saved. */
function GatewayRoot() {
  return (
    <>
      <LiveNotifications />
      <SavedNotifications />
      <Shell
        gatewayName={<GatewayNameHeader />}
        status={
          <>
            <GatewayLockWidget />
            <CloudStatusWidget />
          </>
        }
      >
        <Outlet />
      </Shell>
    </>
  );
}

/** The routed console in gateway mode (spec section 2, browser history); no cloud-only code. */
export default function GatewayConsole({ basename }: { basename: string }) {
  return (
    <QueryProvider>
      <BrowserRouter basename={basename}>
        {/* optional sign-in (issue 14): the whole console waits behind it while a password is set */}
        <GatewaySignInGate>
          <Routes>
            <Route element={<GatewayRoot />}>
              <Route index element={<Navigate to="/overview" replace />} />
              {screenRoutes()}
              {toRoot}
            </Route>
          </Routes>
        </GatewaySignInGate>
      </BrowserRouter>
    </QueryProvider>
  );
}
