import { lazy, Suspense } from 'react';
import { LoginForm } from '../features/auth/LoginForm';
import { SessionProvider, useSession } from '../features/auth/SessionContext';
import { PageLoader } from '../ui/PageLoader';
import { Providers } from './Providers';
import { routerBasename } from './runtime';
import type { Services } from './services';

/** The router, the shell and the screens: not needed to sign in, so the login screen never downloads them. */
export const loadConsoleRoutes = () => import('./router');
const ConsoleRoutes = lazy(loadConsoleRoutes);

/** Cloud mode: the login form until signed in. Gateway mode has no login (spec section 6). */
function SessionGate({ services }: { services: Services }) {
  const { session } = useSession();
  const { mode } = services.config;
  if (mode === 'cloud' && session.status === 'checking') return <PageLoader fullHeight />;
  if (mode === 'cloud' && session.status === 'signed-out') return <LoginForm />;
  return (
    <Suspense fallback={<PageLoader fullHeight />}>
      <ConsoleRoutes mode={mode} basename={routerBasename(services.config)} />
    </Suspense>
  );
}

export function App({ services }: { services: Services }) {
  return (
    <Providers services={services}>
      <SessionProvider>
        <SessionGate services={services} />
      </SessionProvider>
    </Providers>
  );
}
