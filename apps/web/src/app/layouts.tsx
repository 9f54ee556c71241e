import { Outlet } from 'react-router';
import { LoginForm } from '../features/auth/LoginForm';
import { useSession } from '../features/auth/SessionContext';
import { GatewayEvents } from '../features/gateways/GatewayEvents';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { PageLoader } from '../ui/PageLoader';
import { Shell } from './Shell';

/** Cloud mode root: the login form until signed in, then the live listeners and the routed screen. */
export function CloudRoot() {
  const { session } = useSession();
  if (session.status === 'checking') return <PageLoader fullHeight />;
  if (session.status === 'signed-out') return <LoginForm />;
  return (
    <>
      <GatewayEvents />
      <LiveNotifications />
      <Outlet />
    </>
  );
}

/** Cloud screens that belong to no gateway (the selector). */
export function PlainShell() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** Gateway mode root: no login; the gateway's notifications, live and saved. */
export function GatewayRoot() {
  return (
    <>
      <LiveNotifications />
      <SavedNotifications />
      <Shell>
        <Outlet />
      </Shell>
    </>
  );
}
