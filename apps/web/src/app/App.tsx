import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { SessionProvider } from '../features/auth/SessionContext';
import { Providers } from './Providers';
import { createRouter } from './router';
import { routerBasename } from './runtime';
import type { Services } from './services';

export function App({ services }: { services: Services }) {
  const router = useMemo(
    () => createRouter(services.config.mode, routerBasename(services.config)),
    [services.config],
  );
  return (
    <Providers services={services}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </Providers>
  );
}
