import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { GatewayScope } from '../features/gateways/GatewayScope';
import { MENU_ITEMS, type MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';
import { CloudRoot, GatewayRoot, PlainShell } from './layouts';
import type { ConsoleMode } from './runtime';

// Screens load on first visit, so the first screen carries only the shell. Declarative routing (no data
// router): the console loads its data through TanStack Query, so the data router's loaders, actions and
// fetchers would be bytes every screen downloads for nothing.
const screens: Record<MenuItem, LazyExoticComponent<ComponentType>> = {
  panel: lazy(() => import('../features/devices/DevicesPage')),
  settings: lazy(() => import('../features/settings-dumps/SettingsPage')),
  logs: lazy(() => import('../features/logs/LogsPage')),
  ota: lazy(() => import('../features/ota/OtaPage')),
};
const GatewaySelectorPage = lazy(() => import('../features/gateways/GatewaySelectorPage'));

const loading = (screen: ReactNode) => <Suspense fallback={<PageLoader />}>{screen}</Suspense>;

const screenRoutes = () =>
  MENU_ITEMS.map((item) => {
    const Screen = screens[item];
    return <Route key={item} path={item} element={loading(<Screen />)} />;
  });

const toRoot = <Route path="*" element={<Navigate to="/" replace />} />;

/** Spec section 2, with browser history. Unknown paths go to '/'. */
export function routesFor(mode: ConsoleMode): ReactNode {
  if (mode === 'gateway') {
    return (
      <Route element={<GatewayRoot />}>
        <Route index element={<Navigate to="/panel" replace />} />
        {screenRoutes()}
        {toRoot}
      </Route>
    );
  }
  return (
    <Route element={<CloudRoot />}>
      <Route index element={<Navigate to="/gateways" replace />} />
      <Route path="gateways" element={<PlainShell />}>
        <Route index element={loading(<GatewaySelectorPage />)} />
      </Route>
      <Route path=":gateway" element={<GatewayScope />}>
        <Route index element={<Navigate to="panel" replace />} />
        {screenRoutes()}
        {toRoot}
      </Route>
      {toRoot}
    </Route>
  );
}

/** The routed console (shell and screens), loaded once the first screen may show (signed in, in cloud mode). */
export default function ConsoleRoutes({ mode, basename }: { mode: ConsoleMode; basename: string }) {
  return (
    <BrowserRouter basename={basename}>
      <Routes>{routesFor(mode)}</Routes>
    </BrowserRouter>
  );
}
