import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { CloudStatusWidget } from '../features/cloud-link/CloudStatusWidget';
import { GatewayNameHeader } from '../features/gateway-name/GatewayNameHeader';
import { LiveBanner } from '../features/live-state/LiveBanner';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { GatewayLockWidget } from '../features/security/GatewayLockWidget';
import { GatewaySignInGate } from '../features/security/GatewaySignIn';
import { QueryProvider } from './QueryProvider';
import { useServices } from './ServicesContext';
import { Shell } from './Shell';
import { loadedScreen, screenOfPath } from './screenLoaders';
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
 * Starts the first screen's queries (when start-up loaded the screen) while the sign-in check is still
 * answering, so the screen's first render has its data.
 */
function PrefetchFirstScreen() {
  const client = useQueryClient();
  const services = useServices();
  useState(() => {
    const screen = screenOfPath(window.location.pathname);
    if (screen !== undefined) loadedScreen(screen)?.prefetch?.(client, services);
    return true;
  });
  return null;
}

/** The routed console in gateway mode (spec section 2, browser history); no cloud-only code. */
export default function GatewayConsole({ basename }: { basename: string }) {
  return (
    <QueryProvider>
      <PrefetchFirstScreen />
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
