import { type ComponentType, Suspense, useState } from 'react';
import { SessionProvider, useSession } from '../features/auth/SessionContext';
import { LoadFailureBoundary } from '../features/delivery/LoadFailureBoundary';
import { OfflineScreen } from '../features/delivery/OfflineScreen';
import { startedOffline } from '../features/delivery/serviceWorker';
import { PageLoader } from '../ui/PageLoader';
import { useSettled } from '../ui/useSettled';
import { Providers } from './Providers';
import { type ConsoleMode, routerBasename } from './runtime';
import { screenLoaders, screenOfPath } from './screenLoaders';
import type { Services } from './services';

/**
 * A component of a chunk of its own that renders at once when its module has already loaded (start-up
 * preloads it), and otherwise shows the page's loader until it has. It waits without suspending
 * (useSettled): React.lazy would commit the fallback and show the component only up to 300 ms after it
 * loaded (React throttles revealing a suspended boundary). A failed load is thrown for the error boundary
 * (LoadFailureBoundary).
 */
function preloadable<M extends { default: ComponentType<never> }>(loader: () => Promise<M>) {
  type P = M['default'] extends ComponentType<infer Props> ? Props & object : never;
  let loaded: ComponentType<P> | undefined;
  // one download at a time: the mount waits for start-up's, not a second import; a failed one is tried anew
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= loader().then(
      (module) => {
        loaded = module.default as ComponentType<P>;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Preloadable(props: P) {
    const [loading] = useState(() => (loaded === undefined ? load() : undefined));
    const outcome = useSettled(loading);
    if (outcome !== undefined && 'error' in outcome) throw outcome.error;
    const Loaded = loaded;
    return Loaded === undefined ? <PageLoader fullHeight /> : <Loaded {...props} />;
  }
  return { load, Component: Preloadable };
}

// Each mode's routed console (router, shell, screens) and the login form are chunks of their own: a
// screen downloads neither the other mode's code nor, before signing in, the console behind the login.
const gateway = preloadable(() => import('./GatewayConsole'));
const cloud = preloadable(() => import('./CloudConsole'));
const login = preloadable(() => import('../features/auth/LoginForm'));
const firstPassword = preloadable(() => import('../features/accounts/ChangePasswordScreen'));
const loaders = {
  gateway: gateway.load,
  cloud: cloud.load,
  login: login.load,
};
const GatewayConsole = gateway.Component;
const CloudConsole = cloud.Component;
const LoginForm = login.Component;
const ChangePasswordScreen = firstPassword.Component;

/**
 * Starts downloading what the first screen shows while the rest of the start-up runs: the mode's console
 * (or the sign-in form) and, when the address names a screen (`/panel`, `/{gateway}/logs`) that will show
 * without a sign-in first, that screen too, beside the console rather than after its render. Each brings
 * its own texts (addTexts).
 */
export function preloadFirstScreen(mode: ConsoleMode, hasRefreshToken: boolean, pathname: string): void {
  if (startedOffline()) return;
  const screen = screenOfPath(pathname);
  const load = mode === 'gateway' ? loaders.gateway : hasRefreshToken ? loaders.cloud : loaders.login;
  load().catch(() => undefined);
  if (screen !== undefined && (mode === 'gateway' || hasRefreshToken))
    screenLoaders[screen]().catch(() => undefined);
}

/**
 * Gateway mode: fills the addressed screen's first queries (the device list's GET) into the console's cache
 * as soon as the console's module and the screen's have loaded (start-up began both downloads), not at the
 * console's first render, and whichever of the two arrives last.
 */
export function prefetchFirstScreen(services: Services, pathname: string): void {
  const screen = screenOfPath(pathname);
  if (services.config.mode !== 'gateway' || screen === undefined || startedOffline()) return;
  Promise.all([loaders.gateway(), screenLoaders[screen]()]).then(
    ([routed, module]) => module.prefetch?.(routed.queryClient, services),
    () => undefined,
  );
}

/** Cloud mode: the login form until signed in. Gateway mode has no login (spec section 6). */
function SessionGate({ services }: { services: Services }) {
  const { session } = useSession();
  const basename = routerBasename(services.config);
  if (session.status === 'checking') return <PageLoader fullHeight />;
  if (services.config.mode === 'cloud' && session.status === 'signed-out') return <LoginForm />;
  const firstPassword = session.status === 'signed-in' && session.user.mustChangePassword;
  if (services.config.mode === 'gateway') return <GatewayConsole basename={basename} />;
  return firstPassword ? <ChangePasswordScreen user={session.user} /> : <CloudConsole basename={basename} />;
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
