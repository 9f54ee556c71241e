import type { DeviceContext } from '../context';
import type { Route } from '../reply';
import { actionRoutes } from './actions';
import { configRoutes } from './config';
import { dangerRoutes } from './danger';
import { hookRoutes } from './hooks';
import { sensorRoutes } from './sensors';
import { settingsRoutes } from './settings';
import { systemRoutes } from './system';
import { wifiRoutes } from './wifi';

/** Every route the device registers; compiled-out features are absent (they fall to the global 404). */
export function deviceRoutes(dev: DeviceContext): Route[] {
  const f = dev.features;
  return [
    ...systemRoutes(dev),
    ...wifiRoutes(dev),
    ...(f.actions ? actionRoutes(dev) : []),
    ...(f.sensors ? sensorRoutes(dev) : []),
    ...(f.hooks ? hookRoutes(dev) : []),
    ...(f.config ? configRoutes(dev) : []),
    ...settingsRoutes(dev),
    ...dangerRoutes(dev),
  ];
}
