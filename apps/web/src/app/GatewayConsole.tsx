import type { ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { createQueryClient } from '../api/queryClient';
import { CloudStatusWidget } from '../features/cloud-link/CloudStatusWidget';
import { GatewayNameHeader } from '../features/gateway-name/GatewayNameHeader';
import { LiveBanner } from '../features/live-state/LiveBanner';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { GatewayLockWidget } from '../features/security/GatewayLockWidget';
import { GatewaySignInGate } from '../features/security/GatewaySignIn';
import { QueryProvider } from './QueryProvider';
import { Shell } from './Shell';
import { screenRoutes, toRoot } from './screens';

/** Gateway mode root: no login; the gateway's notifications, live and saved. */
function GatewayRoot({ children }: { children: ReactNode }) {
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
        <LiveBanner />
        {children}
      </Shell>
    </>
  );
}

/**
 * Gateway mode's server-state cache, made when this module loads: start-up fills the first screen's queries
 * into it as soon as this module and the screen's have loaded (App.tsx prefetchFirstScreen), before the
 * console renders. Gateway mode never signs out, so one cache serves the page's life.
 */
export const queryClient = createQueryClient();

/** The routed console in gateway mode (spec section 2, browser history); no cloud-only code. */
export default function GatewayConsole({ basename }: { basename: string }) {
  return (
    <QueryProvider client={queryClient}>
      <Router base={basename}>
        {/* optional sign-in: the whole console waits behind it while a password is set */}
        <GatewaySignInGate>
          <GatewayRoot>
            <Switch>
              <Route key="root" path="/">
                <Redirect to="/overview" replace />
              </Route>
              {screenRoutes('')}
              {toRoot}
            </Switch>
          </GatewayRoot>
        </GatewaySignInGate>
      </Router>
    </QueryProvider>
  );
}
