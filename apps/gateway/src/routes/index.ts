import type { HttpApp } from '@st/server-kit';
import { buildRoutes } from './build/index';
import type { RouteContext } from './context';
import { deviceRequestRoutes } from './deviceRequest/index';
import { foundRoutes } from './devices/found';
import { logsRoutes } from './devices/logs';
import { savedRoutes } from './devices/saved';
import { settingsRoutes } from './devices/settings';
import { notificationRoutes } from './notifications/index';
import { statsRoutes } from './stats/index';

export function registerRoutes(app: HttpApp, ctx: RouteContext): void {
  for (const mod of [
    buildRoutes,
    foundRoutes,
    savedRoutes,
    settingsRoutes,
    logsRoutes,
    deviceRequestRoutes,
    notificationRoutes,
    statsRoutes,
  ]) {
    mod(app, ctx);
  }
}
