import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { GatewayScope } from '../features/gateways/GatewayScope';
import type { MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';
import { CloudRoot, GatewayRoot, PlainShell } from './layouts';
import type { ConsoleMode } from './runtime';

// Screens load on first visit, so the first screen carries only the shell.
const screens: Record<MenuItem, RouteObject['lazy']> = {
  panel: async () => ({ Component: (await import('../features/devices/DevicesPage')).default }),
  settings: async () => ({ Component: (await import('../features/settings-dumps/SettingsPage')).default }),
  logs: async () => ({ Component: (await import('../features/logs/LogsPage')).default }),
  ota: async () => ({ Component: (await import('../features/ota/OtaPage')).default }),
};

const screenRoutes = (): RouteObject[] =>
  (Object.keys(screens) as MenuItem[]).map((item) => ({ path: item, lazy: screens[item] }));

const toRoot: RouteObject = { path: '*', element: <Navigate to="/" replace /> };

/** Spec section 2, with browser history. Unknown paths go to '/'. */
export function routesFor(mode: ConsoleMode): RouteObject[] {
  if (mode === 'gateway') {
    return [
      {
        element: <GatewayRoot />,
        hydrateFallbackElement: <PageLoader fullHeight />,
        children: [{ index: true, element: <Navigate to="/panel" replace /> }, ...screenRoutes(), toRoot],
      },
    ];
  }
  return [
    {
      element: <CloudRoot />,
      hydrateFallbackElement: <PageLoader fullHeight />,
      children: [
        { index: true, element: <Navigate to="/gateways" replace /> },
        {
          path: 'gateways',
          element: <PlainShell />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../features/gateways/GatewaySelectorPage')).default,
              }),
            },
          ],
        },
        {
          path: ':gateway',
          element: <GatewayScope />,
          children: [{ index: true, element: <Navigate to="panel" replace /> }, ...screenRoutes(), toRoot],
        },
        toRoot,
      ],
    },
  ];
}

export function createRouter(mode: ConsoleMode, basename: string) {
  return createBrowserRouter(routesFor(mode), { basename });
}
