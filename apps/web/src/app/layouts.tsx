import { Outlet } from 'react-router';
import { GatewayEvents } from '../features/gateways/GatewayEvents';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { Shell } from './Shell';

/** Cloud mode root, once signed in (App shows the login form before): the live listeners and the screen. */
export function CloudRoot() {
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
