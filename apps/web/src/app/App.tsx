import { lazy, Suspense } from 'react';
import { startEarlyGets } from '../api/earlyGets';
import { resolveUrl } from '../api/transport';
import { SessionProvider, useSession } from '../features/auth/SessionContext';
import { OfflineScreen } from '../features/delivery/OfflineScreen';
import { startedOffline } from '../features/delivery/serviceWorker';
import type { MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';
import { Providers } from './Providers';
import { type ConsoleMode, routerBasename } from './runtime';
import { GATEWAY_SIGN_IN_CHECK, screenFirstGets, screenLoaders } from './screenLoaders';
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
 * and, when the address names a screen (`/panel`, `/{gateway}/logs`), that screen right after it rather than
 * after the console's render and sign-in check (issue 21: one step less in the waterfall before the list).
 */
export function preloadFirstScreen(
  mode: ConsoleMode,
  hasRefreshToken: boolean,
  pathname = '',
  baseUrl?: string,
): void {
  if (startedOffline()) return;
  const screen = pathname.split('/').find((part): part is MenuItem => Object.hasOwn(screenLoaders, part));
  // Gateway mode: the sign-in check and the screen's data go out now, beside the chunks.
  const gets = screen === undefined ? undefined : screenFirstGets[screen];
  if (mode === 'gateway' && baseUrl !== undefined && gets !== undefined)
    startEarlyGets([GATEWAY_SIGN_IN_CHECK, ...gets].map((path) => resolveUrl(baseUrl, path)));
  const load = mode === 'gateway' ? loaders.gateway : hasRefreshToken ? loaders.cloud : loaders.login;
  const consoleChunk = load();
  // The screen after the console, not beside it, so it never competes with the console's own evaluation (the
  // path to the sign-in check); it then loads while the console renders and checks.
  if (screen !== undefined && (mode === 'gateway' || hasRefreshToken))
    void consoleChunk.then(() => screenLoaders[screen]()).catch(() => undefined);
  else consoleChunk.catch(() => undefined);
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
