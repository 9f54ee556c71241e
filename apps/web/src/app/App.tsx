import { lazy, Suspense } from 'react';
import { SessionProvider, useSession } from '../features/auth/SessionContext';
import { LoadFailureBoundary } from '../features/delivery/LoadFailureBoundary';
import { OfflineScreen } from '../features/delivery/OfflineScreen';
import { startedOffline } from '../features/delivery/serviceWorker';
import type { MenuItem } from '../features/menu/menuItems';
import { ConsoleCatalog, type Locale, loadConsoleCatalog } from '../i18n';
import { PageLoader } from '../ui/PageLoader';
import { Providers } from './Providers';
import { type ConsoleMode, routerBasename } from './runtime';
import { screenLoaders } from './screenLoaders';
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

/**
 * Starts downloading what the first screen shows while the rest of the start-up runs: the mode's console
 * with the whole message catalog and, when the address names a screen (`/panel`, `/{gateway}/logs`), that
 * screen right after it rather than after the console's render and sign-in check (issue 21: one step less
 * in the waterfall before the list). The sign-in needs neither (only the start-up texts).
 */
export function preloadFirstScreen(
  mode: ConsoleMode,
  hasRefreshToken: boolean,
  pathname: string,
  locale: Locale,
): void {
  if (startedOffline()) return;
  const load = mode === 'gateway' ? loaders.gateway : hasRefreshToken ? loaders.cloud : loaders.login;
  if (mode === 'gateway' || hasRefreshToken) loadConsoleCatalog(locale).catch(() => undefined);
  const screen = pathname.split('/').find((part): part is MenuItem => Object.hasOwn(screenLoaders, part));
  const consoleChunk = load();
  // The screen after the console, not beside it, so it never competes with the console's own evaluation (the
  // path to the sign-in check); it then loads while the console renders and checks.
  if (screen !== undefined && (mode === 'gateway' || hasRefreshToken))
    void consoleChunk.then(() => screenLoaders[screen]()).catch(() => undefined);
  else consoleChunk.catch(() => undefined);
}

/**
 * Cloud mode: the login form until signed in. Gateway mode has no login (spec section 6). What comes after
 * the sign-in renders once the whole message catalog is in (ConsoleCatalog; the sign-in has its own texts).
 */
function SessionGate({ services }: { services: Services }) {
  const { session } = useSession();
  const basename = routerBasename(services.config);
  if (session.status === 'checking') return <PageLoader fullHeight />;
  if (services.config.mode === 'cloud' && session.status === 'signed-out') return <LoginForm />;
  const firstPassword = session.status === 'signed-in' && session.user.mustChangePassword;
  const alongside =
    services.config.mode === 'gateway'
      ? loaders.gateway
      : firstPassword
        ? loaders.firstPassword
        : loaders.cloud;
  return (
    <ConsoleCatalog i18n={services.i18n} alongside={alongside}>
      {services.config.mode === 'gateway' ? (
        <GatewayConsole basename={basename} />
      ) : firstPassword ? (
        <ChangePasswordScreen user={session.user} />
      ) : (
        <CloudConsole basename={basename} />
      )}
    </ConsoleCatalog>
  );
}

export function App({ services }: { services: Services }) {
  return (
    <Providers services={services}>
      {startedOffline() ? (
        <OfflineScreen mode={services.config.mode} baseUrl={services.baseUrl} />
      ) : (
        <LoadFailureBoundary mode={services.config.mode} baseUrl={services.baseUrl}>
          <SessionProvider>
            <Suspense fallback={<PageLoader fullHeight />}>
              <SessionGate services={services} />
            </Suspense>
          </SessionProvider>
        </LoadFailureBoundary>
      )}
    </Providers>
  );
}
