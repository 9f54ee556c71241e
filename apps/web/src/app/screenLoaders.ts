import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { MenuItem } from '../features/menu/menuItems';
import type { Services } from './services';

/** A screen's module; `prefetch` fills its first queries from the start-up answers (gateway mode). */
type ScreenModule = {
  default: ComponentType;
  prefetch?: (client: QueryClient, services: Pick<Services, 'config' | 'gatewayFetch'>) => void;
};

const imports: Record<MenuItem, () => Promise<ScreenModule>> = {
  panel: () => import('../features/devices/DevicesPage'),
  settings: () => import('../features/settings-dumps/SettingsPage'),
  logs: () => import('../features/logs/LogsPage'),
  ota: () => import('../features/ota/OtaPage'),
  rollouts: () => import('../features/rollouts/RolloutsPage'),
  integrations: () => import('../features/integrations/IntegrationsPage'),
  alerts: () => import('../features/alerts/AlertsPage'),
  overview: () => import('../features/history/OverviewPage'),
};

const loaded = new Map<MenuItem, ScreenModule>();

/**
 * The route table: each screen's module, by its menu item and path segment (app/screens.tsx makes them lazy
 * routes; Vite gives each its chunk). A new screen is its feature folder, a line here and its menu item.
 */
export const screenLoaders = Object.fromEntries(
  (Object.entries(imports) as [MenuItem, () => Promise<ScreenModule>][]).map(([item, load]) => [
    item,
    () =>
      load().then((module) => {
        loaded.set(item, module);
        return module;
      }),
  ]),
) as Record<MenuItem, () => Promise<ScreenModule>>;

/** A screen whose module has already loaded (start-up preloads the one the address names), else undefined. */
export const loadedScreen = (item: MenuItem): ScreenModule | undefined => loaded.get(item);

/** The screen an address names (`/panel`, `/{gateway}/logs`), if any. */
export const screenOfPath = (pathname: string): MenuItem | undefined =>
  pathname.split('/').find((part): part is MenuItem => Object.hasOwn(imports, part));
