import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route } from 'react-router';
import { MENU_ITEMS, type MenuItem } from '../features/menu/menuItems';
import { PageLoader } from '../ui/PageLoader';

// Screens load on first visit, so the first screen carries only the shell and itself.
const screens: Record<MenuItem, LazyExoticComponent<ComponentType>> = {
  panel: lazy(() => import('../features/devices/DevicesPage')),
  settings: lazy(() => import('../features/settings-dumps/SettingsPage')),
  logs: lazy(() => import('../features/logs/LogsPage')),
  ota: lazy(() => import('../features/ota/OtaPage')),
  integrations: lazy(() => import('../features/integrations/IntegrationsPage')),
  alerts: lazy(() => import('../features/alerts/AlertsPage')),
  overview: lazy(() => import('../features/history/OverviewPage')),
};

/** A lazily loaded screen, with the spinner while it downloads. */
export const loading = (screen: ReactNode) => <Suspense fallback={<PageLoader />}>{screen}</Suspense>;

/** The gateway's four screens (spec section 2), relative to the gateway's routes. */
export const screenRoutes = () =>
  MENU_ITEMS.map((item) => {
    const Screen = screens[item];
    return <Route key={item} path={item} element={loading(<Screen />)} />;
  });

/** Unknown paths go to '/'. */
export const toRoot = <Route path="*" element={<Navigate to="/" replace />} />;
