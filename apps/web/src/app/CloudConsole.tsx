import { lazy, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch, useParams } from 'wouter';
import { UserBadge } from '../features/auth/UserBadge';
import { GatewayEvents } from '../features/gateways/GatewayEvents';
import { GatewayScope } from '../features/gateways/GatewayScope';
import { GatewayOutlet } from '../features/gateways/GatewayWaiting';
import { HeaderGatewayName } from '../features/gateways/HeaderGatewayName';
import { gatewaysFirstEn, gatewaysFirstRu } from '../features/gateways/messages';
import { LiveBanner } from '../features/live-state/LiveBanner';
import { LiveNotifications } from '../features/notifications/NotificationsFeed';
import { addTexts } from '../i18n';
import { QueryProvider } from './QueryProvider';
import { Shell } from './Shell';
import { loading, screenRoutes, toRoot } from './screens';

addTexts(gatewaysFirstEn, gatewaysFirstRu);

const GatewaySelectorPage = lazy(() => import('../features/gateways/GatewaySelectorPage'));
const UsersPage = lazy(() => import('../features/accounts/UsersPage'));
const AuditPage = lazy(() => import('../features/accounts/AuditPage'));
const FleetPage = lazy(() => import('../features/cloud-fleet/FleetPage'));
const BackupCopiesPage = lazy(() => import('../features/cloud-fleet/BackupCopiesPage'));
const CloudRolloutsPage = lazy(() => import('../features/cloud-rollouts/CloudRolloutsPage'));
const SecurityPage = lazy(() => import('../features/account-security/SecurityPage'));

/** The header of cloud mode: the chosen gateway (when there is one) and the signed-in user. */
function CloudShell({ children }: { children: ReactNode }) {
  return (
    <Shell gatewayName={<HeaderGatewayName />} status={<UserBadge />}>
      <LiveBanner />
      {children}
    </Shell>
  );
}

/** Cloud mode root, once signed in (App shows the login form before): the live listeners and the screen. */
function CloudRoot({ children }: { children: ReactNode }) {
  return (
    <>
      <GatewayEvents />
      <LiveNotifications />
      {children}
    </>
  );
}

/** `/{gateway}/…`: the gateway's scope (loaded, waited for while away) around its screens. */
function GatewayRoutes() {
  const { gateway = '' } = useParams();
  return (
    <GatewayScope>
      <CloudShell>
        <GatewayOutlet>
          <Switch>
            <Route key="root" path="/:gateway">
              <Redirect to={`/${encodeURIComponent(gateway)}/overview`} replace />
            </Route>
            {screenRoutes('/:gateway')}
            {toRoot}
          </Switch>
        </GatewayOutlet>
      </CloudShell>
    </GatewayScope>
  );
}

/** The routed console in cloud mode (spec section 2, browser history); no gateway-mode-only code. */
export default function CloudConsole({ basename }: { basename: string }) {
  return (
    <QueryProvider>
      <Router base={basename}>
        <CloudRoot>
          <Switch>
            <Route key="root" path="/">
              <Redirect to="/gateways" replace />
            </Route>
            <Route path="/gateways">
              <CloudShell>{loading(<GatewaySelectorPage />)}</CloudShell>
            </Route>
            <Route path="/admin/users">
              <CloudShell>{loading(<UsersPage />)}</CloudShell>
            </Route>
            <Route path="/audit">
              <CloudShell>{loading(<AuditPage />)}</CloudShell>
            </Route>
            <Route path="/fleet">
              <CloudShell>{loading(<FleetPage />)}</CloudShell>
            </Route>
            <Route path="/fleet/:gatewayId/backups">
              <CloudShell>{loading(<BackupCopiesPage />)}</CloudShell>
            </Route>
            <Route path="/rollouts">
              <CloudShell>{loading(<CloudRolloutsPage />)}</CloudShell>
            </Route>
            <Route path="/account/security">
              <CloudShell>{loading(<SecurityPage />)}</CloudShell>
            </Route>
            {/* (`*?`: the gateway's own address and any below it; its Switch sends unknown ones to '/') */}
            <Route path="/:gateway/*?">
              <GatewayRoutes />
            </Route>
          </Switch>
        </CloudRoot>
      </Router>
    </QueryProvider>
  );
}
