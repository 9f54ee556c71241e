import { lazy, Suspense } from 'react';
import { SessionProvider, useSession } from '../features/auth/SessionContext';
import { OfflineScreen } from '../features/delivery/OfflineScreen';
import { startedOffline } from '../features/delivery/serviceWorker';
import { PageLoader } from '../ui/PageLoader';
import { Providers } from './Providers';
import { type ConsoleMode, routerBasename } from './runtime';
import type { Services } from './services';

// Each mode's routed console (router, shell, screens) and the login form are chunks of their own: a
// screen downloads neither the other mode's code nor, before signing in, the console behind the login.
const loaders = {
  gateway: () => import('./GatewayConsole'),
  cloud: () => import('./CloudConsole'),
  login: () => import('../features/auth/LoginForm'),
  firstPassword: () => import('../features/accounts/ChangePasswordScreen'),
};
const GatewayConsole = lazy(loaders.gateway);
const CloudConsole = lazy(loaders.cloud);
const LoginForm = lazy(loaders.login);
const ChangePasswordScreen = lazy(loaders.firstPassword);

/** Starts downloading what the first screen shows while the rest of the start-up runs. */
export function preloadFirstScreen(mode: ConsoleMode, hasRefreshToken: boolean): void {
  if (startedOffline()) return;
  const load = mode === 'gateway' ? loaders.gateway : hasRefreshToken ? loaders.cloud : loaders.login;
  load().catch(() => undefined);
}

/** Cloud mode: the login form until signed in. Gateway mode has no login (spec section 6). */
function SessionGate({ services }: { services: Services }) {
  const { session } = useSession();
  const basename = routerBasename(services.config);
  if (services.config.mode === 'gateway') return <GatewayConsole basename={basename} />;
  if (session.status === 'checking') return <PageLoader fullHeight />;
  if (session.status === 'signed-out') return <LoginForm />;
  if (session.user.mustChangePassword) return <ChangePasswordScreen user={session.user} />;
  return <CloudConsole basename={basename} />;
}

export function App({ services }: { services: Services }) {
  return (
    <Providers services={services}>
      {startedOffline() ? (
        <OfflineScreen mode={services.config.mode} baseUrl={services.baseUrl} />
      ) : (
        <SessionProvider>
          <Suspense fallback={<PageLoader fullHeight />}>
            <SessionGate services={services} />
          </Suspense>
        </SessionProvider>
      )}
    </Providers>
  );
}
