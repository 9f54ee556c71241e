import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoginForm } from '../features/auth/LoginForm';
import { useSession } from '../features/auth/SessionContext';
import { GatewayEvents } from '../features/gateways/GatewayEvents';
import { LiveNotifications, SavedNotifications } from '../features/notifications/NotificationsFeed';
import { Shell } from './Shell';

/** Cloud mode root: the login form until signed in, then the live listeners and the routed screen. */
export function CloudRoot() {
  const { session } = useSession();
  const { t } = useTranslation();
  if (session.status === 'checking') {
    return (
      <Center mih="100dvh">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
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
