import type { ComponentType } from 'react';
import type { MenuItem } from '../features/menu/menuItems';

/** Each screen's module, by its menu item (app/screens.tsx makes them lazy routes). */
export const screenLoaders: Record<MenuItem, () => Promise<{ default: ComponentType }>> = {
  panel: () => import('../features/devices/DevicesPage'),
  settings: () => import('../features/settings-dumps/SettingsPage'),
  logs: () => import('../features/logs/LogsPage'),
  ota: () => import('../features/ota/OtaPage'),
  integrations: () => import('../features/integrations/IntegrationsPage'),
  alerts: () => import('../features/alerts/AlertsPage'),
  overview: () => import('../features/history/OverviewPage'),
};
